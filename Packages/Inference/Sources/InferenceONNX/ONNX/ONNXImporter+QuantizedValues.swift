import Inference

/// Quantized weights (DequantizeLinear's output) kept as integers until they are read: a
/// convolution or product dequantizes them a block of rows at a time as it rearranges them,
/// so that a model's weights are never held whole as floats twice (SFace: 38 MB).
extension ONNXImporter {
  /// Integers with their scales and zero points, and where each finds them.
  struct QuantizedValues {
    /// The integers.
    enum Codes {
      /// 8-bit integers as they lie in the file.
      case bytes(ArraySlice<UInt8>, signed: Bool)
      /// Integers of any other type, decoded.
      case floats([Float])
    }

    var codes: Codes
    var scales: [Float]
    var zeros: [Float]
    var layout: ScaleLayout

    /// The number of values.
    var count: Int { layout.outer * layout.size * layout.inner }

    /// Every value, dequantized.
    func floats() -> [Float] {
      [Float](unsafeUninitializedCapacity: count) { output, initialized in
        dequantize(0..<count, into: output)
        initialized = count
      }
    }

    /// Values `range` (flat positions) dequantized into the first `range.count` of `output`.
    func dequantize(_ range: Range<Int>, into output: UnsafeMutableBufferPointer<Float>) {
      switch codes {
      case .bytes(let bytes, let signed):
        bytes.withUnsafeBufferPointer { bytes in
          if signed {
            dequantize(range, into: output) { Float(Int8(bitPattern: bytes[$0])) }
          } else {
            dequantize(range, into: output) { Float(bytes[$0]) }
          }
        }
      case .floats(let values):
        values.withUnsafeBufferPointer { values in dequantize(range, into: output) { values[$0] } }
      }
    }

    /// The walk over the runs of values that share their scales (a block of the axis at one
    /// outer position), clipped to `range`.
    @inline(__always)
    private func dequantize(
      _ range: Range<Int>, into output: UnsafeMutableBufferPointer<Float>, code: (Int) -> Float
    ) {
      guard !range.isEmpty else { return }
      let (outerSpan, inner) = (layout.size * layout.inner, layout.inner)
      var outer = range.lowerBound / outerSpan
      let along = range.lowerBound % outerSpan / inner
      var block = layout.blockSize > 0 ? along / layout.blockSize : 0
      scales.withUnsafeBufferPointer { scales in
        zeros.withUnsafeBufferPointer { zeros in
          while outer < layout.outer {
            let positions = layout.positions(ofBlock: block)
            let runStart = outer * outerSpan + positions.lowerBound * inner
            let start = max(runStart, range.lowerBound)
            let end = min(outer * outerSpan + positions.upperBound * inner, range.upperBound)
            let row = layout.firstScale(outer: outer, block: block)
            if layout.innerStride == 0 || inner == 1 {
              let (zero, scale) = (zeros[row], scales[row])
              for index in start..<end { output[index - range.lowerBound] = (code(index) - zero) * scale }
            } else {
              var position = (start - runStart) % inner
              for index in start..<end {
                output[index - range.lowerBound] =
                  (code(index) - zeros[row + position]) * scales[row + position]
                position = position + 1 == inner ? 0 : position + 1
              }
            }
            if end >= range.upperBound { return }
            block += 1
            if block == layout.blocks { (outer, block) = (outer + 1, 0) }
          }
        }
      }
    }
  }

  /// Where each element of a quantized tensor finds its scale: per tensor (one scale), per axis
  /// (a 1-D scale along `axis`) or in blocks (a scale of the tensor's rank, `blockSize` elements
  /// of `axis` a scale, the last block maybe short). Elements are walked as (outer, along the
  /// axis, inner) positions.
  struct ScaleLayout: Equatable {
    /// Elements before the axis, along it, and after it.
    var outer: Int, size: Int, inner: Int
    /// Positions along the axis that share a scale (0: one scale for all, per tensor).
    var blockSize: Int
    /// Blocks along the axis (1 per tensor).
    var blocks: Int
    /// How far apart the scales of consecutive inner positions are (0 per tensor and per axis).
    var innerStride: Int

    /// The layout, or nil when the scale's shape fits none of the three forms.
    init?(of dimensions: [Int], scale: [Int], axis: Int, blockSize: Int) {
      let count = dimensions.reduce(1, *)
      if scale.reduce(1, *) == 1 && scale.count <= 1 {
        (outer, size, inner, self.blockSize, blocks, innerStride) = (1, count, 1, 0, 1, 0)
        return
      }
      guard axis >= 0, axis < dimensions.count else { return nil }
      outer = dimensions[..<axis].reduce(1, *)
      size = dimensions[axis]
      inner = dimensions[(axis + 1)...].reduce(1, *)
      if blockSize == 0 {
        guard scale == [size] else { return nil }
        (self.blockSize, blocks, innerStride) = (1, size, 0)
        return
      }
      var expected = dimensions
      expected[axis] = (size + blockSize - 1) / max(blockSize, 1)
      guard blockSize > 0, scale == expected else { return nil }
      (self.blockSize, blocks, innerStride) = (blockSize, expected[axis], 1)
    }

    /// The positions along the axis that block `block` covers (all of them per tensor).
    func positions(ofBlock block: Int) -> Range<Int> {
      guard blockSize > 0 else { return 0..<size }
      return (block * blockSize)..<min((block + 1) * blockSize, size)
    }

    /// The scale of the elements of block `block` at outer position `outer` and inner position 0.
    func firstScale(outer: Int, block: Int) -> Int {
      guard blockSize > 0 else { return 0 }
      // Per axis: blocks of one position, one scale each, whatever the rest.
      guard innerStride > 0 else { return block }
      return (outer * blocks + block) * inner
    }

    /// The scale of the element at flat position `position` (for tests).
    func scale(of position: Int) -> Int {
      let along = (position / inner) % size
      return firstScale(outer: position / (inner * size), block: blockSize > 0 ? along / blockSize : 0)
        + (position % inner) * innerStride
    }
  }
}
