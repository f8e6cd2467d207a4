/// Weights rearranged from ONNX's layout, output channels first, to the runtime's, output
/// channels last: the one pass over every weight at load, so it walks memory in blocks.
extension ONNXImporter {
  /// Source rows transposed in this many at a time: each of them is read in order, and each
  /// output row is written a cache line at a time.
  static let transposeBlock = 16

  /// `source` read as `rows` rows of `length` values each, transposed: element `j` of every
  /// source row goes to output row `destinations[j]`, that is
  /// `output[destinations[j] * rows + i] = source[i * length + j]`. `destinations` is a
  /// permutation of `0..<length`.
  static func transposed(_ source: [Float], rows: Int, length: Int, destinations: [Int]) -> [Float] {
    let count = rows * length
    return [Float](unsafeUninitializedCapacity: count) { output, initialized in
      source.withUnsafeBufferPointer { input in
        destinations.withUnsafeBufferPointer { destinations in
          for first in stride(from: 0, to: rows, by: transposeBlock) {
            let last = min(first + transposeBlock, rows)
            for column in 0..<length {
              let write = destinations[column] * rows
              for row in first..<last { output[write + row] = input[row * length + column] }
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
