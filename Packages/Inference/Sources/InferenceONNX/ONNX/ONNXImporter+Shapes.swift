import Inference

/// Matrix products and the operators that move elements: Gemm, MatMul, Concat, Pad, Flatten
/// and Reshape.
extension ONNXImporter {
  /// `Gemm` (`alpha · A · B + beta · C`, B maybe transposed) and `MatMul` of a matrix [N, K] by a
  /// constant [K, M]: a 1x1 convolution over the features. A flattened image's features are in
  /// NHWC order, so B's rows are permuted to match.
  mutating func product(_ node: ONNXNode) throws(ModelError) -> Built {
    let input = try activation(node, 0)
    guard input.shape.count == 1, let features = input.shape.first else {
      throw unsupported(node, "of a tensor of shape [N, \(input.shape)] (a matrix [N, K] is run)")
    }
    let weights = try weights(node, 1)
    let isGemm = node.opType == "Gemm"
    let transposed = isGemm ? try integer(node, "transB", default: 0) == 1 : false
    guard weights.dimensions.count == 2, weights.dimensions[transposed ? 1 : 0] == features else {
      throw ModelError.weightShapeMismatch(
        layer: node.label, weight: "B", expected: transposed ? [-1, features] : [features, -1],
        found: weights.dimensions)
    }
    let transposedInput = isGemm ? try integer(node, "transA", default: 0) == 1 : false
    guard !transposedInput else { throw unsupported(node, "with transA") }
    let outputs = weights.dimensions[transposed ? 0 : 1]
    let alpha = isGemm ? try float(node, "alpha", default: 1) : 1
    let beta = isGemm ? try float(node, "beta", default: 1) : 1
    let order = Self.featureOrder(features, flattenedImage: input.flattenedImage)
    var kernel =
      transposed
      ? Self.transposed(weights, rows: outputs, length: features, destinations: Self.inverse(order))
      : Self.permutedRows(weights.floats, length: outputs, order: order)
    if alpha != 1 { kernel.withUnsafeMutableBufferPointer { for index in $0.indices { $0[index] *= alpha } } }
    var bias: [Float]?
    if isGemm, let addend = try optionalConstant(node, 2) {
      guard addend.values.count == outputs || addend.values.count == 1,
        addend.dimensions.allSatisfy({ $0 == 1 || $0 == outputs })
      else {
        throw ModelError.weightShapeMismatch(
          layer: node.label, weight: "C", expected: [outputs], found: addend.dimensions)
      }
      bias = (0..<outputs).map { beta * Float(addend.values[addend.values.count == 1 ? 0 : $0]) }
    }
    guard
      let geometry = WindowGeometry(
        inputHeight: 1, inputWidth: 1, kernel: (1, 1), strides: (1, 1), padding: .valid)
    else { throw unsupported(node, "of [N, \(features)]") }
    let dense = Convolution(
      geometry: geometry, inputChannels: features, outputChannels: outputs, kernel: kernel, bias: bias)
    return Built(
      inputs: [input.node], shape: [outputs], operation: .convolution(dense),
      parameters: kernel.count + (bias?.count ?? 0), flops: 2 * features * outputs)
  }

  /// For each feature in the runtime's order, its index in ONNX's: a flattened [C, H, W] image's
  /// pixels are in (H, W, C) order.
  static func featureOrder(_ features: Int, flattenedImage: [Int]?) -> [Int] {
    guard let image = flattenedImage else { return Array(0..<features) }
    let (channels, height, width) = (image[0], image[1], image[2])
    var order = [Int](repeating: 0, count: features)
    for y in 0..<height {
      for x in 0..<width {
        for channel in 0..<channels {
          order[(y * width + x) * channels + channel] = (channel * height + y) * width + x
        }
      }
    }
    return order
  }

  /// The permutation that undoes `order`.
  static func inverse(_ order: [Int]) -> [Int] {
    var inverse = [Int](repeating: 0, count: order.count)
    for (position, value) in order.enumerated() { inverse[value] = position }
    return inverse
  }

  /// `Concat` of images or matrices along any axis but the batch's.
  mutating func concatenation(_ node: ONNXNode) throws(ModelError) -> Built {
    var values: [Value] = []
    for index in node.inputs.indices where node.input(index) != nil {
      values.append(try activation(node, index))
    }
    guard let first = values.first else { throw unsupported(node, "of nothing") }
    let rank = first.shape.count + 1
    var axis = try integer(node, "axis", default: 1)
    if axis < 0 { axis += rank }
    guard axis >= 1, axis < rank, rank == 2 || rank == 4,
      values.allSatisfy({ value in
        value.flattenedImage == nil && value.shape.count == first.shape.count
          && value.shape.indices.allSatisfy { $0 == axis - 1 || value.shape[$0] == first.shape[$0] }
      })
    else {
      throw unsupported(node, "of \(values.map(\.shape)) on axis \(axis)")
    }
    var shape = first.shape
    shape[axis - 1] = values.reduce(0) { $0 + $1.shape[axis - 1] }
    // ONNX's item axes (C, H, W) are the runtime's (2, 0, 1).
    let runtimeAxis = rank == 4 ? [2, 0, 1][axis - 1] : 0
    return Built(inputs: values.map(\.node), shape: shape, operation: .concatenate(axis: runtimeAxis))
  }

  /// `Pad` with zeros around an image and its channels, the amounts an input (operator set 11 and
  /// later) or an attribute.
  mutating func pad(_ node: ONNXNode) throws(ModelError) -> Built {
    let input = try image(node)
    guard string(node, "mode", default: "constant") == "constant", node.input(3) == nil else {
      throw unsupported(node, "other than constant, on all axes")
    }
    let amounts: [Int]
    let fill: Double
    if file.opsetVersion >= 11 {
      amounts = try integerValues(try constant(node, 1), node)
      fill = try optionalConstant(node, 2)?.values.first.map(Double.init) ?? 0
    } else {
      amounts = integers(node, "pads", default: [])
      fill = Double(try float(node, "value", default: 0))
    }
    guard amounts.count == 8, amounts[0] == 0, amounts[4] == 0, fill == 0,
      amounts.allSatisfy({ $0 >= 0 && $0 <= 1 << 16 })
    else {
      throw unsupported(node, "by \(amounts) with \(fill) (zeros, no cropping, not the batch)")
    }
    let padding = ZeroPadding(
      inputHeight: input.shape[1], inputWidth: input.shape[2], inputChannels: input.shape[0], top: amounts[2],
      bottom: amounts[6], left: amounts[3], right: amounts[7], channelsBefore: amounts[1],
      channelsAfter: amounts[5])
    return Built(
      inputs: [input.node],
      shape: [padding.outputChannels, padding.outputHeight, padding.outputWidth], operation: .pad(padding))
  }

  /// `Flatten` (axis 1) and `Reshape` of an activation: an image to a matrix, a matrix to a 1x1
  /// image, or the same shape. It computes nothing.
  mutating func reshape(_ node: ONNXNode) throws(ModelError) -> Built {
    let input = try activation(node, 0)
    let count = input.shape.reduce(1, *)
    var target: [Int]
    if node.opType == "Flatten" {
      var axis = try integer(node, "axis", default: 1)
      if axis < 0 { axis += input.shape.count + 1 }
      guard axis == 1 else { throw unsupported(node, "on axis \(axis) (1 is run)") }
      target = [count]
    } else {
      let requested = try integerValues(try constant(node, 1), node)
      // The batch axis stays whatever the request says of it (0, -1 or the file's batch size).
      guard requested.count >= 2,
        let resolved = Self.resolve(
          Array(requested.dropFirst()), from: input.shape,
          allowZero: try integer(node, "allowzero", default: 0) == 1)
      else {
        throw unsupported(node, "of [N, \(input.shape)] to \(requested)")
      }
      target = resolved
    }
    if target == input.shape {
      return Built(
        inputs: [input.node], shape: target, operation: .identity, flattenedImage: input.flattenedImage)
    }
    if target == [count], input.flattenedImage == nil {
      let image = input.shape.count == 3 && input.shape[1] * input.shape[2] > 1 ? input.shape : nil
      return Built(inputs: [input.node], shape: target, operation: .identity, flattenedImage: image)
    }
    if target == [count, 1, 1], input.shape == [count] {
      return Built(inputs: [input.node], shape: target, operation: .identity)
    }
    throw unsupported(node, "of [N, \(input.shape)] to [N, \(target)]")
  }
}
