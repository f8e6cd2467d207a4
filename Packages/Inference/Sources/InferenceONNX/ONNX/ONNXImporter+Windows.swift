import Inference

/// Convolutions and pooling: the operators that slide a window over an image.
extension ONNXImporter {
  /// `Conv`: an ordinary convolution (group 1), run as a matrix product, or a depthwise one
  /// (group = input channels, any number of filters each).
  mutating func convolution(_ node: ONNXNode) throws(ModelError) -> Built {
    let input = try image(node)
    let (channels, height, width) = (input.shape[0], input.shape[1], input.shape[2])
    let weights = try weights(node, 1)
    let group = try integer(node, "group", default: 1)
    let dimensions = weights.dimensions
    guard dimensions.count == 4, group > 0, channels % group == 0, dimensions[1] == channels / group,
      dimensions[0] > 0, dimensions[0] % group == 0
    else {
      throw ModelError.weightShapeMismatch(
        layer: node.label, weight: "W", expected: [-1, channels / max(group, 1), -1, -1], found: dimensions)
    }
    guard group == 1 || group == channels else {
      throw unsupported(node, "with \(group) groups of \(channels) channels (1 or one a channel are run)")
    }
    let (outputs, kernelHeight, kernelWidth) = (dimensions[0], dimensions[2], dimensions[3])
    let geometry = try window(node, height: height, width: width, kernel: (kernelHeight, kernelWidth))
    let bias = try optionalConstant(node, 2).map(\.values)
    if let bias, bias.count != outputs {
      throw ModelError.weightShapeMismatch(
        layer: node.label, weight: "B", expected: [outputs], found: [bias.count])
    }
    let taps = kernelHeight * kernelWidth
    let shape = [outputs, geometry.outputHeight, geometry.outputWidth]
    let pixels = geometry.outputHeight * geometry.outputWidth
    let parameters = weights.count + (bias?.count ?? 0)
    if group == 1 {
      // ONNX's (M, C, kh, kw) to the product's (kh, kw, C) rows by M columns.
      let rows = (0..<channels * taps).map { column in (column % taps) * channels + column / taps }
      let kernel = Self.transposed(weights, rows: outputs, length: channels * taps, destinations: rows)
      let convolution = Convolution(
        geometry: geometry, inputChannels: channels, outputChannels: outputs, kernel: kernel, bias: bias)
      return Built(
        inputs: [input.node], shape: shape, operation: .convolution(convolution), parameters: parameters,
        flops: 2 * pixels * taps * channels * outputs)
    }
    // (C · multiplier, 1, kh, kw) to the depthwise kernel's (kh, kw, C · multiplier).
    let kernel = Self.transposed(weights, rows: outputs, length: taps, destinations: Array(0..<taps))
    let depthwise = DepthwiseConvolution(
      geometry: geometry, inputChannels: channels, multiplier: outputs / channels, kernel: kernel, bias: bias)
    return Built(
      inputs: [input.node], shape: shape, operation: .depthwise(depthwise), parameters: parameters,
      flops: 2 * pixels * taps * outputs)
  }

  /// `MaxPool` and `AveragePool`. Padding never counts, as ONNX's default `count_include_pad` 0.
  mutating func pooling(_ node: ONNXNode, kind: Pooling.Kind) throws(ModelError) -> Built {
    let input = try image(node)
    let kernel = integers(node, "kernel_shape", default: [])
    guard kernel.count == 2 else { throw unsupported(node, "with kernel_shape \(kernel)") }
    if node.outputs.count > 1, !node.outputs[1].isEmpty { throw unsupported(node, "with an Indices output") }
    if try integer(node, "count_include_pad", default: 0) != 0,
      integers(node, "pads", default: []).contains(where: { $0 != 0 })
        || string(node, "auto_pad", default: "NOTSET") != "NOTSET"
    {
      throw unsupported(node, "counting the padding in the average")
    }
    guard integers(node, "dilations", default: [1, 1]).allSatisfy({ $0 == 1 }) else {
      throw unsupported(node, "with dilations")
    }
    let geometry = try window(
      node, height: input.shape[1], width: input.shape[2], kernel: (kernel[0], kernel[1]))
    let channels = input.shape[0]
    return Built(
      inputs: [input.node], shape: [channels, geometry.outputHeight, geometry.outputWidth],
      operation: .pooling(Pooling(kind: kind, geometry: geometry, channels: channels)),
      flops: geometry.outputHeight * geometry.outputWidth * geometry.taps * channels)
  }

  /// `GlobalAveragePool`, and `GlobalMaxPool` as one window the size of the image.
  mutating func globalPooling(_ node: ONNXNode) throws(ModelError) -> Built {
    let input = try image(node)
    let (channels, height, width) = (input.shape[0], input.shape[1], input.shape[2])
    let shape = [channels, 1, 1]
    let flops = height * width * channels
    guard node.opType == "GlobalMaxPool" else {
      return Built(inputs: [input.node], shape: shape, operation: .globalAveragePooling, flops: flops)
    }
    guard
      let geometry = WindowGeometry(
        inputHeight: height, inputWidth: width, kernel: (height, width), strides: (1, 1), padding: .valid)
    else { throw unsupported(node, "of \(input.shape)") }
    return Built(
      inputs: [input.node], shape: shape,
      operation: .pooling(Pooling(kind: .maximum, geometry: geometry, channels: channels)), flops: flops)
  }

  /// The image input 0 of `node` reads: [C, H, W], pixels in NHWC order.
  func image(_ node: ONNXNode) throws(ModelError) -> Value {
    let value = try activation(node, 0)
    guard value.shape.count == 3 else { throw unsupported(node, "of a tensor of shape [N, \(value.shape)]") }
    return value
  }

  /// The window of a convolution or pooling over an image of `height` x `width`: `strides`,
  /// `dilations`, and `pads` ([top, left, bottom, right]) or `auto_pad`.
  func window(
    _ node: ONNXNode, height: Int, width: Int, kernel: (Int, Int)
  ) throws(ModelError) -> WindowGeometry {
    let strides = integers(node, "strides", default: [1, 1])
    let dilations = integers(node, "dilations", default: [1, 1])
    let pads = integers(node, "pads", default: [0, 0, 0, 0])
    let autoPad = string(node, "auto_pad", default: "NOTSET")
    let declared = integers(node, "kernel_shape", default: [kernel.0, kernel.1])
    guard strides.count == 2, dilations.count == 2, pads.count == 4, declared == [kernel.0, kernel.1],
      ([kernel.0, kernel.1] + strides + dilations).allSatisfy({ $0 > 0 && $0 <= 1 << 12 }),
      pads.allSatisfy({ $0 >= 0 && $0 <= 1 << 12 })
    else {
      throw unsupported(
        node,
        "with kernel \(declared), strides \(strides), dilations \(dilations), pads \(pads) (2-D windows are run)"
      )
    }
    if try integer(node, "ceil_mode", default: 0) != 0 {
      // Ceiling and floor agree when the windows fit exactly, which is what is run.
      let spans = [
        height + pads[0] + pads[2] - (kernel.0 - 1) * dilations[0] - 1,
        width + pads[1] + pads[3] - (kernel.1 - 1) * dilations[1] - 1,
      ]
      guard spans[0] % strides[0] == 0, spans[1] % strides[1] == 0 else {
        throw unsupported(node, "with ceil_mode 1")
      }
    }
    let geometry: WindowGeometry?
    switch autoPad {
    case "NOTSET":
      geometry = WindowGeometry(
        inputHeight: height, inputWidth: width, kernel: kernel, strides: (strides[0], strides[1]),
        dilation: (dilations[0], dilations[1]), padding: (pads[0], pads[1], pads[2], pads[3]))
    case "VALID", "SAME_UPPER":
      geometry = WindowGeometry(
        inputHeight: height, inputWidth: width, kernel: kernel, strides: (strides[0], strides[1]),
        dilation: (dilations[0], dilations[1]), padding: autoPad == "VALID" ? .valid : .same)
    case "SAME_LOWER":
      // As SAME_UPPER, the odd row or column of padding before instead of after.
      let vertical = WindowGeometry.samePadding(
        height, kernel: kernel.0, stride: strides[0], dilation: dilations[0])
      let horizontal = WindowGeometry.samePadding(
        width, kernel: kernel.1, stride: strides[1], dilation: dilations[1])
      geometry = WindowGeometry(
        inputHeight: height, inputWidth: width, kernel: kernel, strides: (strides[0], strides[1]),
        dilation: (dilations[0], dilations[1]),
        padding: ((vertical + 1) / 2, (horizontal + 1) / 2, vertical / 2, horizontal / 2))
    default:
      throw unsupported(node, "with auto_pad \(autoPad)")
    }
    guard let geometry else { throw unsupported(node, "whose window does not fit [\(height), \(width)]") }
    return geometry
  }

}
