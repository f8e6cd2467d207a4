/// Weights rearranged from ONNX's layout, output channels first, to the runtime's, output
/// channels last: the one pass over every weight at load, so it walks memory in blocks.
extension ONNXImporter {
  /// Source rows transposed in this many at a time: each of them is read in order, and each
  /// output row is written a cache line at a time.
  static let transposeBlock = 16

  /// `weights` read as `rows` rows of `length` values each, transposed: element `j` of every
  /// row goes to output row `destinations[j]`, that is
  /// `output[destinations[j] * rows + i] = weights[i * length + j]`. `destinations` is a
  /// permutation of `0..<length`. Quantized weights are dequantized a block of rows at a time.
  static func transposed(_ weights: Constant, rows: Int, length: Int, destinations: [Int]) -> [Float] {
    let count = rows * length
    let scratch = UnsafeMutableBufferPointer<Float>.allocate(
      capacity: weights.quantized == nil ? 0 : min(rows, transposeBlock) * length)
    defer { scratch.deallocate() }
    return [Float](unsafeUninitializedCapacity: count) { output, initialized in
      weights.values.withUnsafeBufferPointer { values in
        destinations.withUnsafeBufferPointer { destinations in
          for first in stride(from: 0, to: rows, by: transposeBlock) {
            let last = min(first + transposeBlock, rows)
            var block = UnsafeBufferPointer(rebasing: values[min(first * length, values.count)...])
            if let quantized = weights.quantized {
              quantized.dequantize((first * length)..<(last * length), into: scratch)
              block = UnsafeBufferPointer(scratch)
            }
            // Row `first + i` of the weights is row `i` of the block.
            for column in 0..<length {
              let write = destinations[column] * rows + first
              for row in 0..<(last - first) { output[write + row] = block[row * length + column] }
            }
          }
        }
      }
      initialized = count
    }
  }

  /// `source` read as rows of `length` values, the rows taken in `order`:
  /// `output[r * length + j] = source[order[r] * length + j]`.
  static func permutedRows(_ source: [Float], length: Int, order: [Int]) -> [Float] {
    let count = order.count * length
    return [Float](unsafeUninitializedCapacity: count) { output, initialized in
      source.withUnsafeBufferPointer { input in
        for (row, sourceRow) in order.enumerated() {
          let from = input.baseAddress.map { $0 + sourceRow * length }
          let to = output.baseAddress.map { $0 + row * length }
          if let from, let to { to.update(from: from, count: length) }
        }
      }
      initialized = count
    }
  }
}
