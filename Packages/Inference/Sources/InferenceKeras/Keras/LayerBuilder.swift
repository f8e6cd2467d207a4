import Inference

/// Builds the graph node of one Keras layer: reads its options, checks its input shapes,
/// takes its weights (checking their shapes) and works out its output shape and FLOPs.
struct LayerBuilder {
  /// What one layer becomes.
  struct Built {
    /// Output shape of one batch item.
    var shape: [Int]
    /// The computation.
    var operation: Operation
    /// The activation applied to the output.
    var activation: Activation = .linear
    /// FLOPs per batch item.
    var flops: Int = 0
  }

  /// The layer.
  let layer: KerasLayerConfig
  /// Shapes of the layer's inputs, one batch item each.
  let inputShapes: [[Int]]
  /// The layer's weights by short name.
  let weights: [String: HDF5File.FloatArray]
  /// The number of weight values taken so far.
  private(set) var parameterCount = 0

  /// Prepares to build `layer`.
  init(layer: KerasLayerConfig, inputShapes: [[Int]], weights: [String: HDF5File.FloatArray]) {
    self.layer = layer
    self.inputShapes = inputShapes
    self.weights = weights
  }

  /// Builds the node.
  mutating func build() throws(ModelError) -> Built {
    switch layer.className {
    case "InputLayer": return try inputLayer()
    case "Conv2D", "Convolution2D": return try convolution()
    case "DepthwiseConv2D": return try depthwise()
    case "SeparableConv2D", "SeparableConvolution2D": return try separable()
    case "BatchNormalization": return try batchNormalization()
    case "Activation": return try activation(layer.activation())
    case "ReLU": return try reLU()
    case "MaxPooling2D", "MaxPool2D": return try pooling(.maximum)
    case "AveragePooling2D", "AvgPool2D": return try pooling(.average)
    case "GlobalAveragePooling2D", "GlobalAvgPool2D": return try globalAveragePooling()
    case "Add": return try add()
    case "Concatenate": return try concatenate()
    case "Dense": return try dense()
    case "Flatten": return try flatten()
    case "Dropout": return Built(shape: try singleInput(), operation: .identity)
    default: throw ModelError.unsupportedLayer(className: layer.className, layer: layer.name)
    }
  }

  // MARK: - Layers

  private func inputLayer() throws(ModelError) -> Built {
    guard inputShapes.isEmpty else {
      throw ModelError.invalidModelConfig("input layer '\(layer.name)' has inputs")
    }
    guard let shape = (layer.option("batch_input_shape") ?? layer.option("batch_shape"))?.array,
      shape.count >= 2
    else { throw ModelError.invalidModelConfig("input layer '\(layer.name)' has no batch_input_shape") }
    var dimensions: [Int] = []
    for value in shape.dropFirst() {
      guard let dimension = value.integer, dimension > 0 else {
        throw ModelError.unsupportedConfiguration(
          layer: layer.name, detail: "an input dimension that is not fixed (\(shape))")
      }
      dimensions.append(dimension)
    }
    return Built(shape: dimensions, operation: .input)
  }

  private mutating func convolution() throws(ModelError) -> Built {
    let (height, width, channels) = try imageInput()
    try layer.requireChannelsLast()
    if try layer.integer("groups", default: 1) != 1 {
      throw ModelError.unsupportedConfiguration(layer: layer.name, detail: "grouped convolution")
    }
    let filters = try layer.integer("filters")
    let geometry = try window(height, width, kernelKey: "kernel_size", dilated: true)
    let kernel = try take(
      "kernel", shape: [geometry.kernelHeight, geometry.kernelWidth, channels, filters])
    let bias = try layer.bool("use_bias", default: true) ? try take("bias", shape: [filters]) : nil
    let convolution = Convolution(
      geometry: geometry, inputChannels: channels, outputChannels: filters, kernel: kernel, bias: bias)
    let pixels = geometry.outputHeight * geometry.outputWidth
    return Built(
      shape: [geometry.outputHeight, geometry.outputWidth, filters],
      operation: .convolution(convolution), activation: try layer.activation(),
      flops: 2 * pixels * convolution.patchLength * filters)
  }

  private mutating func depthwise() throws(ModelError) -> Built {
    let (height, width, channels) = try imageInput()
    try layer.requireChannelsLast()
    let multiplier = try layer.integer("depth_multiplier", default: 1)
    let geometry = try window(height, width, kernelKey: "kernel_size", dilated: true)
    let kernel = try take(
      "depthwise_kernel", shape: [geometry.kernelHeight, geometry.kernelWidth, channels, multiplier])
    let bias =
      try layer.bool("use_bias", default: true) ? try take("bias", shape: [channels * multiplier]) : nil
    let depthwise = DepthwiseConvolution(
      geometry: geometry, inputChannels: channels, multiplier: multiplier, kernel: kernel, bias: bias)
    let pixels = geometry.outputHeight * geometry.outputWidth
    return Built(
      shape: [geometry.outputHeight, geometry.outputWidth, channels * multiplier],
      operation: .depthwise(depthwise), activation: try layer.activation(),
      flops: 2 * pixels * geometry.taps * channels * multiplier)
  }

  private mutating func separable() throws(ModelError) -> Built {
    let (height, width, channels) = try imageInput()
    try layer.requireChannelsLast()
    let multiplier = try layer.integer("depth_multiplier", default: 1)
    let filters = try layer.integer("filters")
    let geometry = try window(height, width, kernelKey: "kernel_size", dilated: true)
    let depthwiseKernel = try take(
      "depthwise_kernel", shape: [geometry.kernelHeight, geometry.kernelWidth, channels, multiplier])
    let pointwiseKernel = try take("pointwise_kernel", shape: [1, 1, channels * multiplier, filters])
    let bias = try layer.bool("use_bias", default: true) ? try take("bias", shape: [filters]) : nil
    let depthwise = DepthwiseConvolution(
      geometry: geometry, inputChannels: channels, multiplier: multiplier, kernel: depthwiseKernel,
      bias: nil)
    guard
      let pointwiseGeometry = WindowGeometry(
        inputHeight: geometry.outputHeight, inputWidth: geometry.outputWidth, kernel: (1, 1),
        strides: (1, 1), padding: .valid)
    else { throw ModelError.incompatibleShapes(layer: layer.name, detail: "empty output") }
    let pointwise = Convolution(
      geometry: pointwiseGeometry, inputChannels: channels * multiplier, outputChannels: filters,
      kernel: pointwiseKernel, bias: bias)
    let pixels = geometry.outputHeight * geometry.outputWidth
    return Built(
      shape: [geometry.outputHeight, geometry.outputWidth, filters],
      operation: .separable(depthwise, pointwise), activation: try layer.activation(),
      flops: 2 * pixels * channels * multiplier * (geometry.taps + filters))
  }

  private mutating func batchNormalization() throws(ModelError) -> Built {
    let shape = try singleInput()
    let rank = shape.count + 1
    let axisValue = layer.option("axis")
    let axis = axisValue?.integer ?? axisValue?.array?.first?.integer ?? -1
    guard axis == -1 || axis == rank - 1, (axisValue?.array?.count ?? 1) == 1, let channels = shape.last
    else {
      throw ModelError.unsupportedConfiguration(
        layer: layer.name,
        detail: "normalisation over axis \(axisValue.map { "\($0)" } ?? "?") "
          + "(only the last axis is supported)")
    }
    let epsilon = try layer.float("epsilon", default: 1e-3)
    let gamma = try layer.bool("scale", default: true) ? try take("gamma", shape: [channels]) : nil
    let beta = try layer.bool("center", default: true) ? try take("beta", shape: [channels]) : nil
    let mean = try take("moving_mean", shape: [channels])
    let variance = try take("moving_variance", shape: [channels])
    let affine = ChannelAffine(gamma: gamma, beta: beta, mean: mean, variance: variance, epsilon: epsilon)
    return Built(shape: shape, operation: .channelAffine(affine))
  }

  private func activation(_ activation: Activation) throws(ModelError) -> Built {
    let shape = try singleInput()
    if activation == .linear { return Built(shape: shape, operation: .identity) }
    return Built(shape: shape, operation: .activation, activation: activation)
  }

  private func reLU() throws(ModelError) -> Built {
    let maxValue = layer.option("max_value")?.number.map { Float($0) }
    let slope = try layer.float("negative_slope", default: 0)
    let threshold = try layer.float("threshold", default: 0)
    return try activation(.relu(maxValue: maxValue, negativeSlope: slope, threshold: threshold))
  }

  private func pooling(_ kind: Pooling.Kind) throws(ModelError) -> Built {
    let (height, width, channels) = try imageInput()
    try layer.requireChannelsLast()
    let geometry = try window(height, width, kernelKey: "pool_size", dilated: false)
    return Built(
      shape: [geometry.outputHeight, geometry.outputWidth, channels],
      operation: .pooling(Pooling(kind: kind, geometry: geometry, channels: channels)))
  }

  private func globalAveragePooling() throws(ModelError) -> Built {
    let (_, _, channels) = try imageInput()
    try layer.requireChannelsLast()
    let keepDimensions = try layer.bool("keepdims", default: false)
    return Built(shape: keepDimensions ? [1, 1, channels] : [channels], operation: .globalAveragePooling)
  }

  private func add() throws(ModelError) -> Built {
    guard inputShapes.count >= 2, let shape = inputShapes.first else {
      throw ModelError.incompatibleShapes(layer: layer.name, detail: "Add needs at least two inputs")
    }
    guard inputShapes.allSatisfy({ $0 == shape }) else {
      throw ModelError.incompatibleShapes(
        layer: layer.name, detail: "Add inputs differ in shape: \(inputShapes.map(ModelError.format))")
    }
    return Built(shape: shape, operation: .add)
  }

  private func concatenate() throws(ModelError) -> Built {
    guard let first = inputShapes.first, !first.isEmpty else {
      throw ModelError.incompatibleShapes(layer: layer.name, detail: "Concatenate needs inputs")
    }
    let rank = first.count + 1
    let keras = try layer.integer("axis", default: -1)
    let axis = (keras < 0 ? keras + rank : keras) - 1  // per-item axis, without the batch
    guard axis >= 0, axis < first.count else {
      throw ModelError.unsupportedConfiguration(
        layer: layer.name, detail: "concatenation along axis \(keras)")
    }
    var shape = first
    shape[axis] = 0
    for input in inputShapes {
      var other = input
      guard other.count == first.count else {
        throw ModelError.incompatibleShapes(
          layer: layer.name, detail: "inputs of different ranks: \(inputShapes.map(ModelError.format))")
      }
      shape[axis] += other[axis]
      other[axis] = first[axis]
      guard other == first else {
        throw ModelError.incompatibleShapes(
          layer: layer.name, detail: "inputs differ off axis \(keras): \(inputShapes.map(ModelError.format))")
      }
    }
    return Built(shape: shape, operation: .concatenate(axis: axis))
  }

  private mutating func dense() throws(ModelError) -> Built {
    let shape = try singleInput()
    guard let features = shape.last else {
      throw ModelError.incompatibleShapes(layer: layer.name, detail: "Dense needs an input with an axis")
    }
    let units = try layer.integer("units")
    let kernel = try take("kernel", shape: [features, units])
    let bias = try layer.bool("use_bias", default: true) ? try take("bias", shape: [units]) : nil
    let rows = shape.dropLast().reduce(1, *)
    guard
      let geometry = WindowGeometry(
        inputHeight: rows, inputWidth: 1, kernel: (1, 1), strides: (1, 1), padding: .valid)
    else { throw ModelError.incompatibleShapes(layer: layer.name, detail: "empty input") }
    let dense = Convolution(
      geometry: geometry, inputChannels: features, outputChannels: units, kernel: kernel, bias: bias)
    return Built(
      shape: Array(shape.dropLast()) + [units], operation: .convolution(dense),
      activation: try layer.activation(), flops: 2 * rows * features * units)
  }

  private func flatten() throws(ModelError) -> Built {
    let shape = try singleInput()
    try layer.requireChannelsLast()
    return Built(shape: [shape.reduce(1, *)], operation: .identity)
  }

  // MARK: - Helpers

  private func singleInput() throws(ModelError) -> [Int] {
    guard inputShapes.count == 1, let shape = inputShapes.first else {
      throw ModelError.incompatibleShapes(
        layer: layer.name, detail: "\(layer.className) takes one input, got \(inputShapes.count)")
    }
    return shape
  }

  private func imageInput() throws(ModelError) -> (Int, Int, Int) {
    let shape = try singleInput()
    guard shape.count == 3 else {
      throw ModelError.incompatibleShapes(
        layer: layer.name,
        detail: "\(layer.className) needs a height × width × channels input, got \(ModelError.format(shape))")
    }
    return (shape[0], shape[1], shape[2])
  }

  private func window(
    _ height: Int, _ width: Int, kernelKey: String, dilated: Bool
  ) throws(ModelError) -> WindowGeometry {
    let kernel = try layer.pair(kernelKey, default: dilated ? nil : (2, 2))
    let strides = try layer.pair("strides", default: dilated ? (1, 1) : kernel)
    let dilation = dilated ? try layer.pair("dilation_rate", default: (1, 1)) : (1, 1)
    guard
      let geometry = WindowGeometry(
        inputHeight: height, inputWidth: width, kernel: kernel, strides: strides, dilation: dilation,
        padding: try layer.padding())
    else {
      throw ModelError.incompatibleShapes(
        layer: layer.name,
        detail: "window \(kernel.0)x\(kernel.1) stride \(strides.0)x\(strides.1) does not fit "
          + "a \(height)x\(width) input")
    }
    return geometry
  }

  /// Takes weight `name`, checking its shape.
  private mutating func take(_ name: String, shape: [Int]) throws(ModelError) -> [Float] {
    guard let array = weights[name] else { throw ModelError.missingWeight(layer: layer.name, weight: name) }
    guard array.shape == shape else {
      throw ModelError.weightShapeMismatch(
        layer: layer.name, weight: name, expected: shape, found: array.shape)
    }
    parameterCount += array.values.count
    return array.values
  }
}
