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
      return try weights(node, 0)
    case "Reshape":
      var data = try weights(node, 0)
      let target = try integerValues(try constant(node, 1), node)
      let allowZero = try integer(node, "allowzero", default: 0) == 1
      guard let shape = Self.resolve(target, from: data.dimensions, allowZero: allowZero) else {
        throw unsupported(node, "of a constant of shape \(data.dimensions) to \(target)")
      }
      data.dimensions = shape
      return data
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
  /// ONNX Runtime computes it; left quantized until read (see ``QuantizedValues``).
  private mutating func dequantize(_ node: ONNXNode) throws(ModelError) -> Constant {
    let (dimensions, codes) = try quantizedCodes(node)
    let scale = try constant(node, 1)
    let zero = try optionalConstant(node, 2)
    var axis = try integer(node, "axis", default: 1)
    if axis < 0 { axis += dimensions.count }
    let blockSize = try integer(node, "block_size", default: 0)
    guard
      let layout = ScaleLayout(of: dimensions, scale: scale.dimensions, axis: axis, blockSize: blockSize),
      zero.map({ $0.values.count == scale.values.count }) ?? true
    else {
      throw unsupported(
        node, "of \(dimensions) with scales \(scale.dimensions), axis \(axis), block size \(blockSize)")
    }
    let zeros = zero?.values ?? [Float](repeating: 0, count: scale.values.count)
    let quantized = QuantizedValues(codes: codes, scales: scale.values, zeros: zeros, layout: layout)
    return Constant(dimensions: dimensions, values: [], quantized: quantized)
  }

  /// DequantizeLinear's integers: an int8 or uint8 initializer's bytes as they lie in the file
  /// (never decoded whole), or any other constant's values.
  private mutating func quantizedCodes(
    _ node: ONNXNode
  ) throws(ModelError) -> (dimensions: [Int], codes: QuantizedValues.Codes) {
    if let name = node.input(0), constants[name] == nil, let tensor = initializers[name],
      let raw = tensor.raw,
      !tensor.isExternal, let type = ONNXTensor.ElementType(rawValue: tensor.typeCode),
      type == .int8 || type == .uint8, let count = tensor.elementCount, raw.count == count
    {
      countRead(of: name)
      return (tensor.dimensions, .bytes(file.bytes[raw], signed: type == .int8))
    }
    let data = try constant(node, 0)
    return (data.dimensions, .floats(data.values))
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
