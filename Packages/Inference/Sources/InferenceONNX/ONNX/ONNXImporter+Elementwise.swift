import Inference

/// Operators that map each element on its own: per-channel affine maps and activations.
extension ONNXImporter {
  /// `BatchNormalization` in inference mode: a per-channel affine map, which the graph's
  /// optimisation folds into the convolution before it.
  mutating func batchNormalization(_ node: ONNXNode) throws(ModelError) -> Built {
    let input = try activation(node, 0)
    let channels = try channelCount(of: input, node)
    guard input.flattenedImage == nil else { throw unsupported(node, "of a flattened image") }
    guard try integer(node, "training_mode", default: 0) == 0, try integer(node, "spatial", default: 1) == 1,
      node.outputs.dropFirst().allSatisfy(\.isEmpty)
    else { throw unsupported(node, "in training mode") }
    var parts: [[Float]] = []
    for (index, name) in ["scale", "B", "input_mean", "input_var"].enumerated() {
      let values = try constant(node, index + 1).values
      guard values.count == channels else {
        throw ModelError.weightShapeMismatch(
          layer: node.label, weight: name, expected: [channels], found: [values.count])
      }
      parts.append(values)
    }
    let affine = ChannelAffine(
      gamma: parts[0], beta: parts[1], mean: parts[2], variance: parts[3],
      epsilon: try float(node, "epsilon", default: 1e-5))
    return Built(
      inputs: [input.node], shape: input.shape, operation: .channelAffine(affine), parameters: 4 * channels,
      flops: 2 * input.shape.reduce(1, *))
  }

  /// `Add`, `Sub`, `Mul` and `Div` with one constant operand (a scalar or one value a channel),
  /// as a per-channel affine map; and `Add` of two activations of the same shape.
  mutating func arithmetic(_ node: ONNXNode) throws(ModelError) -> Built {
    let constantFirst = node.input(0).map { activations[$0] == nil } ?? false
    let input = try activation(node, constantFirst ? 1 : 0)
    if let other = node.input(constantFirst ? 0 : 1), let second = activations[other] {
      guard node.opType == "Add", second.shape == input.shape, second.flattenedImage == input.flattenedImage
      else {
        throw unsupported(node, "of two activations of shapes [N, \(input.shape)] and [N, \(second.shape)]")
      }
      return Built(
        inputs: [input.node, second.node], shape: input.shape, operation: .add,
        flops: input.shape.reduce(1, *),
        flattenedImage: input.flattenedImage)
    }
    let operand = try perChannel(try constant(node, constantFirst ? 0 : 1), of: input, node, expanded: true)
    let ones = [Float](repeating: 1, count: operand.count)
    let zeros = [Float](repeating: 0, count: operand.count)
    let affine: ChannelAffine
    switch (node.opType, constantFirst) {
    case ("Add", _): affine = ChannelAffine(scale: ones, shift: operand)
    case ("Sub", false): affine = ChannelAffine(scale: ones, shift: operand.map { -$0 })
    case ("Sub", true): affine = ChannelAffine(scale: ones.map { -$0 }, shift: operand)
    case ("Mul", _): affine = ChannelAffine(scale: operand, shift: zeros)
    case ("Div", false): affine = ChannelAffine(scale: operand.map { 1 / $0 }, shift: zeros)
    default: throw unsupported(node, "of a constant by an activation")
    }
    return Built(
      inputs: [input.node], shape: input.shape, operation: .channelAffine(affine),
      flops: input.shape.reduce(1, *), flattenedImage: input.flattenedImage)
  }

  /// The activations: `PRelu`, `Relu`, `LeakyRelu`, `Clip` from 0, `Sigmoid`, `Tanh`, and `Softmax`
  /// over the channels.
  mutating func activationNode(_ node: ONNXNode) throws(ModelError) -> Built {
    let input = try activation(node, 0)
    let activation: Activation
    switch node.opType {
    case "Relu": activation = .plainReLU
    case "LeakyRelu":
      activation = .relu(maxValue: nil, negativeSlope: try float(node, "alpha", default: 0.01), threshold: 0)
    case "Sigmoid": activation = .sigmoid
    case "Tanh": activation = .tanh
    case "PRelu":
      activation = .prelu(slopes: try perChannel(try constant(node, 1), of: input, node, expanded: true))
    case "Clip": activation = try clip(node)
    default: activation = try softmax(node, input)
    }
    let elements = input.shape.reduce(1, *)
    return Built(
      inputs: [input.node], shape: input.shape, operation: .activation, activation: activation,
      flops: elements,
      flattenedImage: activation == .softmax ? nil : input.flattenedImage)
  }

  /// `Clip` with a lower bound of 0 and any upper bound (ReLU6 among them), its bounds as inputs
  /// (operator set 11 and later) or attributes.
  private mutating func clip(_ node: ONNXNode) throws(ModelError) -> Activation {
    var bounds: [Float?] = [nil, nil]
    if file.opsetVersion >= 11 {
      for index in 0..<2 {
        guard let bound = try optionalConstant(node, index + 1) else { continue }
        guard bound.values.count == 1 else { throw unsupported(node, "with bounds of several values") }
        bounds[index] = Float(bound.values[0])
      }
    } else {
      bounds = [node.attributes["min"]?.float, node.attributes["max"]?.float]
    }
    guard bounds[0] == 0 else {
      let lower = bounds[0].map { String($0) } ?? "-inf"
      throw unsupported(node, "from \(lower) (from 0 is run)")
    }
    return .relu(maxValue: bounds[1], negativeSlope: 0, threshold: 0)
  }

  /// `Softmax` over the axis that is the runtime's last: a matrix's features, or an image's channels
  /// (from operator set 13; before, the axis and all after it, the channels of a 1x1 image).
  private func softmax(_ node: ONNXNode, _ input: Value) throws(ModelError) -> Activation {
    let rank = input.shape.count + 1
    var axis = try integer(node, "axis", default: file.opsetVersion >= 13 ? -1 : 1)
    if axis < 0 { axis += rank }
    let channelsLast =
      input.flattenedImage == nil
      && ((rank == 2 && axis == 1)
        || (rank == 4 && axis == 1 && (file.opsetVersion >= 13 || input.shape[1] * input.shape[2] == 1)))
    guard channelsLast else { throw unsupported(node, "over axis \(axis) of [N, \(input.shape)]") }
    return .softmax
  }

  /// A constant operand as one float per channel of `input` (axis 1 of its ONNX shape), from
  /// one a channel or one for all (repeated): its shape, aligned to the right with the input's,
  /// may be more than 1 only there. A flattened image's features take one for all only.
  func perChannel(
    _ operand: Constant, of input: Value, _ node: ONNXNode, expanded: Bool
  ) throws(ModelError) -> [Float] {
    let values = operand.values
    let rank = input.shape.count + 1
    let aligned = Array(repeating: 1, count: max(rank - operand.dimensions.count, 0)) + operand.dimensions
    let channels = try channelCount(of: input, node)
    if values.count == 1, aligned.count == rank { return Array(repeating: values[0], count: channels) }
    guard aligned.count == rank, input.flattenedImage == nil,
      aligned.enumerated().allSatisfy({ $0.offset == 1 ? $0.element == channels : $0.element == 1 })
    else {
      throw unsupported(node, "with a constant of shape \(operand.dimensions) on [N, \(input.shape)]")
    }
    return values
  }

  /// The channels of an image or the features of a matrix: axis 1 of the ONNX shape.
  func channelCount(of value: Value, _ node: ONNXNode) throws(ModelError) -> Int {
    guard let channels = value.shape.first, value.shape.count == 3 || value.shape.count == 1 else {
      throw unsupported(node, "of a tensor of shape [N, \(value.shape)]")
    }
    return channels
  }
}
