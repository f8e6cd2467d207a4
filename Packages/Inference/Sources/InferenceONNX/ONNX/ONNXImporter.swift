import Inference

/// Turns an ``ONNXFile``'s graph into a ``ModelGraph``: one node per operator that computes an
/// activation, constants (float, or integers behind DequantizeLinear, made floats here) folded
/// into the weights of the nodes that read them, every shape checked.
///
/// ONNX lays images out NCHW; the runtime runs NHWC. An image value of ONNX shape [N, C, H, W]
/// becomes a node of shape [H, W, C], a matrix [N, F] a node of shape [F]; a Flatten of an image
/// keeps the pixels in NHWC order and the Gemm or MatMul reading it permutes its weights to match.
/// Graph inputs that are constants, or that nothing reads, are not inputs.
struct ONNXImporter {
  /// The parsed file.
  let file: ONNXFile
  /// The file's path, for messages.
  let path: String

  /// An activation: the node computing it, its ONNX shape without the batch axis, and, for a
  /// flattened image whose pixels are in NHWC order, the [C, H, W] it came from.
  struct Value {
    var node: Int
    var shape: [Int]
    var flattenedImage: [Int]? = nil
  }

  /// A constant's dimensions and values (exact as doubles for every element type read).
  struct Constant {
    var dimensions: [Int]
    /// The values as floats, what weights are computed in (empty while `quantized`).
    var values: [Float]
    /// The values as doubles, for wide integer types (shapes, axes), which floats may not hold.
    var exact: [Double]? = nil
    /// Weights not made floats yet: ``ONNXImporter/weights(_:_:)`` reads them so.
    var quantized: QuantizedValues? = nil

    /// The number of values.
    var count: Int { quantized?.count ?? values.count }

    /// The values as floats, dequantized now if they were not yet.
    var floats: [Float] { quantized?.floats() ?? values }
  }

  var nodes: [GraphNode] = []
  var summaries: [LayerSummary] = []
  var activations: [String: Value] = [:]
  var constants: [String: Constant] = [:]
  let initializers: [String: ONNXTensor]
  /// For each name, how many nodes still have to read it: a constant is let go after its last
  /// reader, so that a quantized model's weights are not held three times over (as integers,
  /// dequantized and packed) until the import ends.
  private var pendingReaders: [String: Int] = [:]
  /// The reads counted so far, by node index and name, so that a node reading a constant twice
  /// counts once.
  private var countedReads: Set<[String]> = []
  /// The index of the node being added.
  private var nodeIndex = 0

  /// Prepares an import.
  init(file: ONNXFile, path: String) {
    self.file = file
    self.path = path
    var initializers: [String: ONNXTensor] = [:]
    for tensor in file.graph.initializers { initializers[tensor.name] = tensor }
    self.initializers = initializers
    for node in file.graph.nodes {
      for name in Set(node.inputs) where !name.isEmpty { pendingReaders[name, default: 0] += 1 }
    }
  }

  /// Builds the graph (unoptimised) and the per-operator summary.
  mutating func run() throws(ModelError) -> (ModelGraph, [LayerSummary]) {
    try addInput()
    for (index, node) in file.graph.nodes.enumerated() {
      nodeIndex = index
      try add(node)
    }
    var outputs: [Int] = []
    for declared in file.graph.outputs {
      guard let value = activations[declared.name], value.flattenedImage == nil else {
        throw ModelError.unsupportedONNXOperator(
          "an output that is not a computed image or matrix", node: declared.name)
      }
      try check(value.shape, against: declared)
      outputs.append(value.node)
    }
    guard !outputs.isEmpty else { throw ModelError.corruptONNX(path, reason: "the graph has no output") }
    let graph = ModelGraph(nodes: nodes, input: 0, outputs: outputs)
    // The graph's weights are its own: optimising it changes them in place.
    nodes = []
    return (graph, summaries)
  }

  /// The one graph input that is not a constant and that a node reads: an image [N, C, H, W] or a
  /// matrix [N, F] of floats.
  private mutating func addInput() throws(ModelError) {
    let read = Set(file.graph.nodes.flatMap(\.inputs))
    let candidates = file.graph.inputs.filter { initializers[$0.name] == nil && read.contains($0.name) }
    guard candidates.count == 1, let input = candidates.first else {
      throw ModelError.unsupportedONNXOperator(
        "a graph with \(candidates.count) inputs (1 is run)",
        node: candidates.map(\.name).joined(separator: ", "))
    }
    let dimensions = input.shape ?? []
    let item = dimensions.dropFirst().compactMap { $0 }
    guard input.elementType == ONNXTensor.ElementType.float.rawValue,
      dimensions.count == 4 || dimensions.count == 2,
      item.count == dimensions.count - 1, item.allSatisfy({ $0 > 0 && $0 <= 1 << 16 }),
      item.reduce(1, *) <= 1 << 26
    else {
      throw ModelError.unsupportedONNXOperator(
        "an input of type \(input.elementType) and shape \(dimensions.map { $0.map(String.init) ?? "?" })",
        node: input.name)
    }
    nodes.append(
      GraphNode(name: input.name, className: "Input", inputs: [], shape: Self.layout(item), operation: .input)
    )
    activations[input.name] = Value(node: 0, shape: item)
  }

  /// A node's shape in the runtime's layout for an ONNX item shape: [C, H, W] becomes [H, W, C].
  static func layout(_ shape: [Int]) -> [Int] {
    shape.count == 3 ? [shape[1], shape[2], shape[0]] : shape
  }

  /// Checks a computed item shape against an output's declared one, where it declares sizes.
  private func check(_ shape: [Int], against declared: ONNXValueInfo) throws(ModelError) {
    guard let dimensions = declared.shape else { return }
    guard dimensions.count == shape.count + 1,
      zip(dimensions.dropFirst(), shape).allSatisfy({ $0.0 == nil || $0.0 == $0.1 })
    else {
      throw ModelError.corruptONNX(
        path,
        reason: "output '\(declared.name)' is declared \(dimensions.map { $0.map(String.init) ?? "?" }), "
          + "the graph computes [N, \(shape.map(String.init).joined(separator: ", "))]")
    }
  }

  // MARK: - Nodes

  private mutating func add(_ node: ONNXNode) throws(ModelError) {
    guard node.domain.isEmpty || node.domain == "ai.onnx" else {
      throw ModelError.unsupportedONNXOperator("\(node.domain).\(node.opType)", node: node.label)
    }
    guard let output = node.outputs.first, !output.isEmpty else {
      throw ModelError.corruptONNX(path, reason: "node '\(node.label)' writes nothing")
    }
    let present = node.inputs.filter { !$0.isEmpty }
    if present.allSatisfy({ activations[$0] == nil }) {
      constants[output] = try fold(node)
      return
    }
    if let alias = try alias(node) {
      activations[output] = alias
      return
    }
    let built = try build(node)
    var elements = 1
    for size in built.shape {
      elements *= size
      guard size > 0, elements <= 1 << 28 else {
        throw unsupported(
          node,
          "making [N, \(built.shape.map(String.init).joined(separator: ", "))] (up to 2^28 values an item are run)"
        )
      }
    }
    let summary = LayerSummary(
      name: node.label, className: node.opType, outputShape: Self.layout(built.shape),
      parameters: built.parameters, flops: built.flops, inputs: built.inputs.map { nodes[$0].name })
    activations[output] = Value(node: nodes.count, shape: built.shape, flattenedImage: built.flattenedImage)
    nodes.append(
      GraphNode(
        name: node.label, className: node.opType, inputs: built.inputs, shape: Self.layout(built.shape),
        operation: built.operation, activation: built.activation))
    summaries.append(summary)
  }

  /// What one operator becomes: the node's parts, its ONNX item shape and its cost.
  struct Built {
    var inputs: [Int]
    var shape: [Int]
    var operation: Operation
    var activation: Activation = .linear
    var parameters = 0
    var flops = 0
    var flattenedImage: [Int]? = nil
  }

  private mutating func build(_ node: ONNXNode) throws(ModelError) -> Built {
    switch node.opType {
    case "Conv": return try convolution(node)
    case "MaxPool": return try pooling(node, kind: .maximum)
    case "AveragePool": return try pooling(node, kind: .average)
    case "GlobalAveragePool", "GlobalMaxPool": return try globalPooling(node)
    case "BatchNormalization": return try batchNormalization(node)
    case "Add", "Sub", "Mul", "Div": return try arithmetic(node)
    case "PRelu", "Relu", "LeakyRelu", "Clip", "Sigmoid", "Tanh", "Softmax": return try activationNode(node)
    case "Gemm", "MatMul": return try product(node)
    case "Concat": return try concatenation(node)
    case "Pad": return try pad(node)
    case "Flatten", "Reshape": return try reshape(node)
    default: throw ModelError.unsupportedONNXOperator(node.opType, node: node.label)
    }
  }

  /// The value an operator that computes nothing passes on (Dropout, Identity), or nil.
  private func alias(_ node: ONNXNode) throws(ModelError) -> Value? {
    guard node.opType == "Dropout" || node.opType == "Identity" else { return nil }
    if node.opType == "Dropout", node.outputs.count > 1, !node.outputs[1].isEmpty {
      throw ModelError.unsupportedONNXOperator("Dropout with a mask output", node: node.label)
    }
    return try activation(node, 0)
  }

  // MARK: - Inputs

  /// The activation input `index` of `node` reads.
  func activation(_ node: ONNXNode, _ index: Int) throws(ModelError) -> Value {
    guard let name = node.input(index) else {
      throw ModelError.corruptONNX(path, reason: "node '\(node.label)' lacks input \(index)")
    }
    guard let value = activations[name] else {
      if constants[name] != nil || initializers[name] != nil {
        throw ModelError.unsupportedONNXOperator(
          "\(node.opType) of a constant input \(index)", node: node.label)
      }
      throw ModelError.corruptONNX(
        path, reason: "node '\(node.label)' reads '\(name)' before anything writes it")
    }
    return value
  }

  /// The constant input `index` of `node` reads, or nil when the input is omitted.
  mutating func optionalConstant(_ node: ONNXNode, _ index: Int) throws(ModelError) -> Constant? {
    guard let name = node.input(index) else { return nil }
    var constant = try constant(named: name, reader: node)
    if constant.quantized != nil { (constant.values, constant.quantized) = (constant.floats, nil) }
    return constant
  }

  /// The weights input `index` of `node` reads, maybe still quantized: for the operators that
  /// dequantize them as they rearrange them, and for those that pass them on.
  mutating func weights(_ node: ONNXNode, _ index: Int) throws(ModelError) -> Constant {
    guard let name = node.input(index) else {
      throw ModelError.corruptONNX(path, reason: "node '\(node.label)' lacks input \(index)")
    }
    return try constant(named: name, reader: node)
  }

  /// The constant input `index` of `node` reads.
  mutating func constant(_ node: ONNXNode, _ index: Int) throws(ModelError) -> Constant {
    guard let constant = try optionalConstant(node, index) else {
      throw ModelError.corruptONNX(path, reason: "node '\(node.label)' lacks input \(index)")
    }
    return constant
  }

  /// Counts `name` read by the node being added (once however often it reads it); whether no
  /// node reads it after.
  @discardableResult
  mutating func countRead(of name: String) -> Bool {
    if countedReads.insert([String(nodeIndex), name]).inserted { pendingReaders[name, default: 0] -= 1 }
    return pendingReaders[name, default: 0] <= 0
  }

  /// A constant by name, decoded from its initializer at first use.
  private mutating func constant(named name: String, reader node: ONNXNode) throws(ModelError) -> Constant {
    let isLastRead = countRead(of: name)
    if let constant = constants[name] {
      if isLastRead { constants[name] = nil }
      return constant
    }
    guard let tensor = initializers[name] else {
      if activations[name] != nil {
        throw ModelError.unsupportedONNXOperator(
          "\(node.opType) with a computed weight '\(name)'", node: node.label)
      }
      throw ModelError.corruptONNX(
        path, reason: "node '\(node.label)' reads '\(name)' before anything writes it")
    }
    let constant = try decode(tensor)
    if !isLastRead { constants[name] = constant }
    return constant
  }

  /// A tensor's values.
  func decode(_ tensor: ONNXTensor) throws(ModelError) -> Constant {
    do {
      guard tensor.isWideInteger else {
        return Constant(dimensions: tensor.dimensions, values: try tensor.floats(in: file.bytes))
      }
      let exact = try tensor.values(in: file.bytes)
      return Constant(dimensions: tensor.dimensions, values: exact.map(Float.init), exact: exact)
    } catch {
      throw ModelError.corruptONNX(path, reason: error.reason)
    }
  }
}
