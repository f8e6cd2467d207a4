import Inference

/// Turns a ``TFLiteFile``'s first subgraph into a ``ModelGraph``: one node per operator that
/// computes an activation tensor, constants (float32, or float16 behind DEQUANTIZE, widened
/// here) folded into the weights of the nodes that read them, every shape checked against
/// the file's own.
///
/// It runs the operators of MediaPipe's BlazeFace models: CONV_2D, DEPTHWISE_CONV_2D, ADD,
/// RELU, PAD, MAX_POOL_2D, RESHAPE, CONCATENATION, RESIZE_BILINEAR and DEQUANTIZE. Any other
/// operator is ``ModelError/unsupportedOperator(_:tensor:)``.
struct TFLiteImporter {
  /// The parsed file.
  let file: TFLiteFile
  /// The file's path, for messages.
  let path: String

  private var nodes: [GraphNode] = []
  private var summaries: [LayerSummary] = []
  /// The node computing each activation tensor.
  private var nodeOfTensor: [Int: Int] = [:]
  /// Constants made by DEQUANTIZE.
  private var dequantized: [Int: [Float]] = [:]

  /// Prepares an import.
  init(file: TFLiteFile, path: String) {
    self.file = file
    self.path = path
  }

  /// Builds the graph (unoptimised) and the per-operator summary.
  mutating func run() throws(ModelError) -> (ModelGraph, [LayerSummary]) {
    guard file.inputs.count == 1, let input = file.inputs.first else {
      throw ModelError.corruptTFLite(path, reason: "the model has \(file.inputs.count) inputs, not 1")
    }
    let shape = try itemShape(input)
    nodeOfTensor[input] = 0
    nodes.append(
      GraphNode(
        name: file.tensors[input].name, className: "Input", inputs: [], shape: shape, operation: .input))
    for op in file.operators {
      try add(op)
    }
    let outputs = try file.outputs.map { tensor throws(ModelError) in try node(tensor) }
    guard !outputs.isEmpty else { throw ModelError.corruptTFLite(path, reason: "the model has no output") }
    return (ModelGraph(nodes: nodes, input: 0, outputs: outputs), summaries)
  }

  // MARK: - Operators

  private mutating func add(_ op: TFLiteFile.Operator) throws(ModelError) {
    let outputName = op.outputs.first.map { file.tensors[$0].name } ?? "?"
    guard let code = op.code else {
      throw ModelError.unsupportedOperator("custom \(op.customName ?? "?")", tensor: outputName)
    }
    let name = TFLiteOperator.name(of: code)
    guard let kind = TFLiteOperator(rawValue: code) else {
      throw ModelError.unsupportedOperator(name, tensor: outputName)
    }
    guard op.outputs.count == 1, let output = op.outputs.first else {
      throw ModelError.incompatibleShapes(
        layer: outputName, detail: "\(name) with \(op.outputs.count) outputs")
    }
    if kind == .dequantize {
      try dequantize(op, output: output)
      return
    }
    let built = try build(kind, op, name: outputName)
    let declared = try itemShape(output)
    guard declared == built.shape else {
      throw ModelError.incompatibleShapes(
        layer: outputName,
        detail:
          "\(name) computes \(ModelError.format(built.shape)), the file declares \(ModelError.format(declared))"
      )
    }
    var node = GraphNode(
      name: outputName, className: name, inputs: built.inputs, shape: built.shape, operation: built.operation)
    node.activation = built.activation
    nodeOfTensor[output] = nodes.count
    nodes.append(node)
    summaries.append(
      LayerSummary(
        name: outputName, className: name, outputShape: built.shape, parameters: built.parameters,
        flops: built.flops, inputs: built.inputs.map { nodes[$0].name }))
  }

  /// What one operator becomes.
  private struct Built {
    var inputs: [Int]
    var shape: [Int]
    var operation: Operation
    var activation: Activation = .linear
    var parameters = 0
    var flops = 0
  }

  private func build(
    _ kind: TFLiteOperator, _ op: TFLiteFile.Operator, name: String
  ) throws(ModelError) -> Built {
    let source = try input(op, 0, name: name)
    let shape = nodes[source].shape
    switch kind {
    case .conv2D:
      return try convolution(op, source: source, shape: shape, name: name)
    case .depthwiseConv2D:
      return try depthwise(op, source: source, shape: shape, name: name)
    case .maxPool2D:
      let options = try self.options(op, name: name)
      let geometry = try window(
        shape, kernel: (try int(options, 4), try int(options, 3)),
        strides: (try int(options, 2), try int(options, 1)), dilation: (1, 1), padding: try byte(options, 0),
        name: name)
      return Built(
        inputs: [source], shape: [geometry.outputHeight, geometry.outputWidth, shape[2]],
        operation: .pooling(Pooling(kind: .maximum, geometry: geometry, channels: shape[2])),
        activation: try activation(try byte(options, 5), name: name))
    case .add:
      let other = try input(op, 1, name: name)
      guard nodes[other].shape == shape else {
        throw ModelError.incompatibleShapes(
          layer: name,
          detail:
            "ADD of \(ModelError.format(shape)) and \(ModelError.format(nodes[other].shape)) (no broadcasting)"
        )
      }
      let fused = try op.options.map { options throws(ModelError) in try byte(options, 0) } ?? 0
      return Built(
        inputs: [source, other], shape: shape, operation: .add, activation: try activation(fused, name: name))
    case .relu:
      return Built(inputs: [source], shape: shape, operation: .activation, activation: .plainReLU)
    case .reshape:
      let target = try itemShape(op.outputs[0])
      guard target.reduce(1, *) == shape.reduce(1, *) else {
        throw ModelError.incompatibleShapes(
          layer: name, detail: "RESHAPE of \(ModelError.format(shape)) to \(ModelError.format(target))")
      }
      return Built(inputs: [source], shape: target, operation: .identity)
    case .concatenation:
      return try concatenation(op, name: name)
    case .pad:
      return try pad(op, source: source, shape: shape, name: name)
    case .resizeBilinear:
      let size = try int32Constant(op, 1, name: name)
      guard shape.count == 3, size.count == 2, size.allSatisfy({ $0 > 0 && $0 <= 1 << 16 }) else {
        throw ModelError.incompatibleShapes(layer: name, detail: "RESIZE_BILINEAR to \(size) of \(shape)")
      }
      let alignCorners = try op.options.map { o throws(ModelError) in try bool(o, 2) } ?? false
      let halfPixelCenters = try op.options.map { o throws(ModelError) in try bool(o, 3) } ?? false
      // TFLite's kernel refuses the two together.
      guard !(alignCorners && halfPixelCenters) else {
        throw ModelError.unsupportedConfiguration(
          layer: name, detail: "RESIZE_BILINEAR with both align_corners and half_pixel_centers")
      }
      let resize = BilinearResize(
        inputHeight: shape[0], inputWidth: shape[1], outputHeight: size[0], outputWidth: size[1],
        channels: shape[2], alignCorners: alignCorners, halfPixelCenters: halfPixelCenters)
      return Built(inputs: [source], shape: [size[0], size[1], shape[2]], operation: .resize(resize))
    case .dequantize:
      preconditionFailure("DEQUANTIZE makes a constant, not a node")
    }
  }

  private func convolution(
    _ op: TFLiteFile.Operator, source: Int, shape: [Int], name: String
  ) throws(ModelError) -> Built {
    guard shape.count == 3 else { throw rankError(name, shape) }
    let filterShape = try constantShape(op, 1, name: name)
    guard filterShape.count == 4, filterShape[3] == shape[2] else {
      throw ModelError.weightShapeMismatch(
        layer: name, weight: "filter", expected: [-1, -1, -1, shape[2]], found: filterShape)
    }
    let (outputs, kernelHeight, kernelWidth, channels) = (
      filterShape[0], filterShape[1], filterShape[2], shape[2]
    )
    let filter = try floatConstant(op, 1, name: name)
    let options = try self.options(op, name: name)
    let geometry = try window(
      shape, kernel: (kernelHeight, kernelWidth), strides: (try int(options, 2), try int(options, 1)),
      dilation: (try int(options, 5, default: 1), try int(options, 4, default: 1)),
      padding: try byte(options, 0),
      name: name)
    // TFLite stores (cout, kh, kw, cin); the product wants (kh, kw, cin) rows by cout columns.
    let rows = kernelHeight * kernelWidth * channels
    var kernel = [Float](repeating: 0, count: rows * outputs)
    for output in 0..<outputs {
      for row in 0..<rows { kernel[row * outputs + output] = filter[output * rows + row] }
    }
    let bias = try optionalBias(op, count: outputs, name: name)
    let convolution = Convolution(
      geometry: geometry, inputChannels: channels, outputChannels: outputs, kernel: kernel, bias: bias)
    let pixels = geometry.outputHeight * geometry.outputWidth
    return Built(
      inputs: [source], shape: [geometry.outputHeight, geometry.outputWidth, outputs],
      operation: .convolution(convolution), activation: try activation(try byte(options, 3), name: name),
      parameters: filter.count + (bias?.count ?? 0), flops: 2 * pixels * rows * outputs)
  }

  private func depthwise(
    _ op: TFLiteFile.Operator, source: Int, shape: [Int], name: String
  ) throws(ModelError) -> Built {
    guard shape.count == 3 else { throw rankError(name, shape) }
    let filterShape = try constantShape(op, 1, name: name)
    let channels = shape[2]
    guard filterShape.count == 4, filterShape[0] == 1, channels > 0, filterShape[3] % channels == 0,
      filterShape[3] > 0
    else {
      throw ModelError.weightShapeMismatch(
        layer: name, weight: "filter", expected: [1, -1, -1, channels], found: filterShape)
    }
    let filter = try floatConstant(op, 1, name: name)
    let options = try self.options(op, name: name)
    let geometry = try window(
      shape, kernel: (filterShape[1], filterShape[2]), strides: (try int(options, 2), try int(options, 1)),
      dilation: (try int(options, 6, default: 1), try int(options, 5, default: 1)),
      padding: try byte(options, 0),
      name: name)
    // (1, kh, kw, cin · multiplier) is Keras's (kh, kw, cin, multiplier) in the same order.
    let outputs = filterShape[3]
    let bias = try optionalBias(op, count: outputs, name: name)
    let depthwise = DepthwiseConvolution(
      geometry: geometry, inputChannels: channels, multiplier: outputs / channels, kernel: filter, bias: bias)
    return Built(
      inputs: [source], shape: [geometry.outputHeight, geometry.outputWidth, outputs],
      operation: .depthwise(depthwise), activation: try activation(try byte(options, 4), name: name),
      parameters: filter.count + (bias?.count ?? 0),
      flops: 2 * geometry.outputHeight * geometry.outputWidth * geometry.taps * outputs)
  }

  private func concatenation(_ op: TFLiteFile.Operator, name: String) throws(ModelError) -> Built {
    var inputs: [Int] = []
    for index in op.inputs.indices { inputs.append(try input(op, index, name: name)) }
    let shapes = inputs.map { nodes[$0].shape }
    let options = try self.options(op, name: name)
    let rank = shapes[0].count + 1
    var axis = try int(options, 0)
    if axis < 0 { axis += rank }
    guard axis >= 1, axis < rank,
      shapes.allSatisfy({
        $0.count == rank - 1
          && $0.enumerated().allSatisfy { $0.offset == axis - 1 || $0.element == shapes[0][$0.offset] }
      })
    else {
      throw ModelError.incompatibleShapes(layer: name, detail: "CONCATENATION of \(shapes) on axis \(axis)")
    }
    var shape = shapes[0]
    shape[axis - 1] = shapes.reduce(0) { $0 + $1[axis - 1] }
    return Built(
      inputs: inputs, shape: shape, operation: .concatenate(axis: axis - 1),
      activation: try activation(try byte(options, 1), name: name))
  }

  private func pad(
    _ op: TFLiteFile.Operator, source: Int, shape: [Int], name: String
  ) throws(ModelError) -> Built {
    let amounts = try int32Constant(op, 1, name: name)
    guard shape.count == 3, amounts.count == 8, amounts[0] == 0, amounts[1] == 0,
      amounts.allSatisfy({ $0 >= 0 && $0 <= 1 << 16 })
    else {
      throw ModelError.incompatibleShapes(layer: name, detail: "PAD of \(shape) by \(amounts)")
    }
    let padding = ZeroPadding(
      inputHeight: shape[0], inputWidth: shape[1], inputChannels: shape[2], top: amounts[2],
      bottom: amounts[3],
      left: amounts[4], right: amounts[5], channelsBefore: amounts[6], channelsAfter: amounts[7])
    return Built(
      inputs: [source], shape: [padding.outputHeight, padding.outputWidth, padding.outputChannels],
      operation: .pad(padding))
  }

  /// DEQUANTIZE of a float16 constant: the float32 constant, kept for the operators that read it.
  private mutating func dequantize(_ op: TFLiteFile.Operator, output: Int) throws(ModelError) {
    let name = file.tensors[output].name
    guard let source = op.inputs.first, source >= 0, file.constantBytes(of: source) != nil else {
      throw ModelError.unsupportedOperator("DEQUANTIZE of an activation", tensor: name)
    }
    let values = try floats(source, name: name)
    guard values.count == Self.elementCount(file.tensors[output].shape) else {
      throw ModelError.corruptTFLite(
        path, reason: "'\(name)' dequantizes \(values.count) values into another shape")
    }
    dequantized[output] = values
  }

  // MARK: - Tensors

  /// The node computing input `index` of `op`.
  private func input(_ op: TFLiteFile.Operator, _ index: Int, name: String) throws(ModelError) -> Int {
    guard index < op.inputs.count, op.inputs[index] >= 0 else {
      throw ModelError.incompatibleShapes(layer: name, detail: "input \(index) is missing")
    }
    return try node(op.inputs[index])
  }

  /// The node computing tensor `tensor`.
  private func node(_ tensor: Int) throws(ModelError) -> Int {
    guard let node = nodeOfTensor[tensor] else {
      throw ModelError.corruptTFLite(
        path, reason: "tensor '\(file.tensors[tensor].name)' is read before any operator writes it")
    }
    return node
  }

  /// A float32 activation tensor's shape without its batch axis.
  private func itemShape(_ tensor: Int) throws(ModelError) -> [Int] {
    let declaration = file.tensors[tensor]
    guard declaration.type == TFLiteFile.ElementType.float32, declaration.shape.count >= 2,
      declaration.shape.allSatisfy({ $0 > 0 && $0 <= 1 << 20 }),
      let count = Self.elementCount(declaration.shape.dropFirst()), count <= 1 << 26
    else {
      throw ModelError.incompatibleShapes(
        layer: declaration.name, detail: "tensor of type \(declaration.type) and shape \(declaration.shape)")
    }
    return Array(declaration.shape.dropFirst())
  }

  /// The shape of constant input `index`.
  private func constantShape(
    _ op: TFLiteFile.Operator, _ index: Int, name: String
  ) throws(ModelError) -> [Int] {
    guard index < op.inputs.count, op.inputs[index] >= 0 else {
      throw ModelError.missingWeight(layer: name, weight: "input \(index)")
    }
    return file.tensors[op.inputs[index]].shape
  }

  private func floatConstant(
    _ op: TFLiteFile.Operator, _ index: Int, name: String
  ) throws(ModelError) -> [Float] {
    let tensor = op.inputs[index]
    if let values = dequantized[tensor] { return values }
    guard file.constantBytes(of: tensor) != nil else {
      throw ModelError.missingWeight(layer: name, weight: file.tensors[tensor].name)
    }
    return try floats(tensor, name: name)
  }

  /// The bias (input 2) when there is one, of `count` values.
  private func optionalBias(
    _ op: TFLiteFile.Operator, count: Int, name: String
  ) throws(ModelError) -> [Float]? {
    guard op.inputs.count > 2, op.inputs[2] >= 0 else { return nil }
    let bias = try floatConstant(op, 2, name: name)
    guard bias.count == count else {
      throw ModelError.weightShapeMismatch(
        layer: name, weight: "bias", expected: [count], found: [bias.count])
    }
    return bias
  }

  /// A float32 or float16 constant's values, widened to float32.
  private func floats(_ tensor: Int, name: String) throws(ModelError) -> [Float] {
    let declaration = file.tensors[tensor]
    guard let bytes = file.constantBytes(of: tensor) else {
      throw ModelError.missingWeight(layer: name, weight: declaration.name)
    }
    let width = declaration.type == TFLiteFile.ElementType.float16 ? 2 : 4
    guard
      declaration.type == TFLiteFile.ElementType.float32
        || declaration.type == TFLiteFile.ElementType.float16,
      let count = Self.elementCount(declaration.shape), count <= bytes.count / width,
      bytes.count == count * width
    else {
      throw ModelError.corruptTFLite(
        path,
        reason:
          "constant '\(declaration.name)' of type \(declaration.type) has \(bytes.count) bytes for shape \(declaration.shape)"
      )
    }
    // The slice's indices are the file's, already checked, so the reads cannot fail.
    let start = bytes.startIndex
    return (0..<count).map { index in
      let offset = start + index * width
      if width == 2 { return Float(Float16(bitPattern: (try? file.buffer.u16(at: offset)) ?? 0)) }
      return Float(bitPattern: (try? file.buffer.u32(at: offset)) ?? 0)
    }
  }

  /// The number of elements of `shape`, or nil when a dimension is negative or the product
  /// does not fit an `Int` (a hostile shape must not wrap round to a small count).
  static func elementCount(_ shape: some Sequence<Int>) -> Int? {
    var count = 1
    for dimension in shape {
      guard dimension >= 0 else { return nil }
      let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
      guard !overflow else { return nil }
      count = product
    }
    return count
  }

  /// An int32 constant input's values.
  private func int32Constant(
    _ op: TFLiteFile.Operator, _ index: Int, name: String
  ) throws(ModelError) -> [Int] {
    guard index < op.inputs.count, op.inputs[index] >= 0,
      let bytes = file.constantBytes(of: op.inputs[index]),
      file.tensors[op.inputs[index]].type == TFLiteFile.ElementType.int32, bytes.count % 4 == 0
    else {
      throw ModelError.missingWeight(layer: name, weight: "int32 input \(index)")
    }
    let start = bytes.startIndex
    return (0..<(bytes.count / 4)).map { index in Int((try? file.buffer.i32(at: start + 4 * index)) ?? 0) }
  }

  // MARK: - Options

  /// The options of an operator that cannot do without them.
  private func options(_ op: TFLiteFile.Operator, name: String) throws(ModelError) -> FlatBuffer.Table {
    guard let options = op.options else {
      throw ModelError.unsupportedConfiguration(layer: name, detail: "the operator's options are missing")
    }
    return options
  }

  /// A 32-bit integer option.
  private func int(_ table: FlatBuffer.Table, _ field: Int, default value: Int = 0) throws(ModelError) -> Int
  {
    try reading { buffer throws(FlatBuffer.Failure) in try buffer.int(table, field, default: value) }
  }

  /// A one-byte enumeration option (padding, fused activation).
  private func byte(_ table: FlatBuffer.Table, _ field: Int) throws(ModelError) -> Int {
    try reading { buffer throws(FlatBuffer.Failure) in try buffer.int(table, field, size: 1) }
  }

  private func bool(_ table: FlatBuffer.Table, _ field: Int) throws(ModelError) -> Bool {
    try reading { buffer throws(FlatBuffer.Failure) in try buffer.bool(table, field) }
  }

  /// What `read` takes from the file's buffer; a read that does not fit is a damaged file.
  private func reading<Value>(
    _ read: (FlatBuffer) throws(FlatBuffer.Failure) -> Value
  ) throws(ModelError) -> Value {
    do {
      return try read(file.buffer)
    } catch {
      throw ModelError.corruptTFLite(path, reason: error.reason)
    }
  }

  /// A fused activation (schema `ActivationFunctionType`).
  private func activation(_ code: Int, name: String) throws(ModelError) -> Activation {
    switch code {
    case 0: return .linear
    case 1: return .plainReLU
    case 3: return .relu(maxValue: 6, negativeSlope: 0, threshold: 0)
    case 4: return .tanh
    default: throw ModelError.unsupportedConfiguration(layer: name, detail: "fused activation \(code)")
    }
  }

  /// The window of a convolution or pooling over an item of `shape`, checked.
  private func window(
    _ shape: [Int], kernel: (Int, Int), strides: (Int, Int), dilation: (Int, Int), padding code: Int,
    name: String
  ) throws(ModelError) -> WindowGeometry {
    guard shape.count == 3 else { throw rankError(name, shape) }
    guard code == 0 || code == 1,
      [kernel.0, kernel.1, strides.0, strides.1, dilation.0, dilation.1].allSatisfy({
        $0 > 0 && $0 <= 1 << 12
      }),
      let geometry = WindowGeometry(
        inputHeight: shape[0], inputWidth: shape[1], kernel: kernel, strides: strides, dilation: dilation,
        padding: code == 0 ? .same : .valid)
    else {
      throw ModelError.unsupportedConfiguration(
        layer: name,
        detail: "window \(kernel), strides \(strides), dilation \(dilation), padding \(code) on \(shape)")
    }
    return geometry
  }

  private func rankError(_ name: String, _ shape: [Int]) -> ModelError {
    ModelError.incompatibleShapes(
      layer: name, detail: "an image of height, width and channels expected, not \(shape)")
  }
}
