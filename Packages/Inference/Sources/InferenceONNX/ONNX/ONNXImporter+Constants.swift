import Inference

/// Operators whose inputs are all constants run once, at load: the weights behind them become
/// constants of their own (SFace's int8 weights: DequantizeLinear, then Reshape).
extension ONNXImporter {
  /// The constant `node` makes from constant inputs.
  mutating func fold(_ node: ONNXNode) throws(ModelError) -> Constant {
    switch node.opType {
    case "Constant":
      return try constantAttribute(node)
    case "Identity", "Dropout":
      return try constant(node, 0)
    case "Reshape":
      let data = try constant(node, 0)
      let target = try integerValues(try constant(node, 1), node)
      let allowZero = try integer(node, "allowzero", default: 0) == 1
      guard let shape = Self.resolve(target, from: data.dimensions, allowZero: allowZero) else {
        throw unsupported(node, "of a constant of shape \(data.dimensions) to \(target)")
      }
      return Constant(dimensions: shape, values: data.values, exact: data.exact)
    case "DequantizeLinear":
      return try dequantize(node)
    default:
      throw unsupported(node, "of constants only (it is not run at load)")
    }
  }

  /// A `Constant` node's value: a tensor, or one or several floats or integers.
  private func constantAttribute(_ node: ONNXNode) throws(ModelError) -> Constant {
    if let tensor = node.attributes["value"]?.tensor { return try decode(tensor) }
    if let value = node.attributes["value_float"]?.float {
      return Constant(dimensions: [], values: [value])
    }
    if let value = node.attributes["value_int"]?.integer {
      return Constant(dimensions: [], values: [Float(value)], exact: [Double(value)])
    }
    if let values = node.attributes["value_floats"]?.floats {
      return Constant(dimensions: [values.count], values: values)
    }
    if let values = node.attributes["value_ints"]?.integers {
      return Constant(
        dimensions: [values.count], values: values.map(Float.init), exact: values.map(Double.init))
    }
    throw unsupported(node, "without a tensor, float or integer value")
  }

  /// `(x - zero point) · scale`, per tensor (a scalar scale), per axis (a 1-D scale along `axis`)
  /// or in blocks (a scale of x's rank, `block_size` elements of `axis` a scale), in Float as
  /// ONNX Runtime computes it.
  private mutating func dequantize(_ node: ONNXNode) throws(ModelError) -> Constant {
    var data = try constant(node, 0)
    let scale = try constant(node, 1)
    let zero = try optionalConstant(node, 2)
    let rank = data.dimensions.count
    var axis = try integer(node, "axis", default: 1)
    if axis < 0 { axis += rank }
    let blockSize = try integer(node, "block_size", default: 0)
    guard
      let layout = ScaleLayout(
        of: data.dimensions, scale: scale.dimensions, axis: axis, blockSize: blockSize),
      zero.map({ $0.values.count == scale.values.count }) ?? true
    else {
      throw unsupported(
        node, "of \(data.dimensions) with scales \(scale.dimensions), axis \(axis), block size \(blockSize)")
    }
    let zeros = zero?.values ?? [Float](repeating: 0, count: scale.values.count)
    // In place: the integers' floats are this node's alone (the constant's last read) unless
    // another node reads them too, when changing them copies them first.
    var values = data.values
    data.values = []
    values.withUnsafeMutableBufferPointer { values in
      scale.values.withUnsafeBufferPointer { scales in
        zeros.withUnsafeBufferPointer { zeros in
          var position = 0
          // Outer positions, then the axis's blocks: a block's elements share one scale (per
          // tensor, per axis, or in blocks of a tensor's last axis) or one row of `inner` scales.
          for outer in 0..<layout.outer {
            for block in 0..<layout.blocks {
              let row = layout.firstScale(outer: outer, block: block)
              let end = position + layout.positions(ofBlock: block).count * layout.inner
              if layout.innerStride == 0 || layout.inner == 1 {
                let (zero, factor) = (zeros[row], scales[row])
                for index in position..<end { values[index] = (values[index] - zero) * factor }
                position = end
                continue
              }
              while position < end {
                for inner in 0..<layout.inner {
                  values[position + inner] =
                    (values[position + inner] - zeros[row + inner]) * scales[row + inner]
                }
                position += layout.inner
              }
            }
          }
        }
      }
    }
    return Constant(dimensions: data.dimensions, values: values)
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

  /// Reshape's target resolved against `dimensions`: 0 copies the dimension there (unless
  /// `allowZero`), one -1 takes what is left; nil when the counts cannot agree.
  static func resolve(_ target: [Int], from dimensions: [Int], allowZero: Bool) -> [Int]? {
    let count = dimensions.reduce(1, *)
    guard target.allSatisfy({ $0 >= -1 && $0 <= 1 << 31 }) else { return nil }
    var shape = target
    for (index, size) in target.enumerated() where size == 0 && !allowZero {
      guard index < dimensions.count else { return nil }
      shape[index] = dimensions[index]
    }
    let unknown = shape.indices.filter { shape[$0] == -1 }
    guard unknown.count <= 1, shape.allSatisfy({ $0 >= -1 }) else { return nil }
    var known = 1
    for size in shape where size != -1 {
      known *= size
      guard known <= 1 << 31 else { return nil }
    }
    if let slot = unknown.first {
      guard known > 0, count % known == 0 else { return nil }
      shape[slot] = count / known
    }
    return shape.reduce(1, *) == count ? shape : nil
  }
}
