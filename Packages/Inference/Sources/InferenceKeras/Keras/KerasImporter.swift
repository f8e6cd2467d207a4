import Inference

/// Turns a Keras model config and its weights into a ``ModelGraph``, checking every shape.
///
/// The graph follows the `inbound_nodes` wiring from the output layer back to the input,
/// so layer order in the file and layer names do not matter.
struct KerasImporter {
  /// The parsed model config.
  let config: KerasModelConfig
  /// Weights by layer, then by short name.
  let weights: [String: [String: HDF5File.FloatArray]]

  private var nodes: [GraphNode] = []
  private var summaries: [LayerSummary] = []
  private var indexByName: [String: Int] = [:]

  /// Prepares an import.
  init(config: KerasModelConfig, weights: [String: [String: HDF5File.FloatArray]]) {
    self.config = config
    self.weights = weights
  }

  /// Builds the graph (unoptimised) and the per-layer summary.
  mutating func run() throws(ModelError) -> (ModelGraph, [LayerSummary]) {
    let order = try topologicalOrder()
    let layersByName = Dictionary(
      config.layers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for name in order {
      guard let layer = layersByName[name] else {
        throw ModelError.invalidModelConfig("layer '\(name)' is used but not defined")
      }
      try add(layer)
    }
    guard let input = indexByName[config.inputLayer], let output = indexByName[config.outputLayer] else {
      throw ModelError.invalidModelConfig("the output does not depend on the input layer")
    }
    guard nodes[input].operation == .input else {
      throw ModelError.invalidModelConfig("'\(config.inputLayer)' is not an InputLayer")
    }
    return (ModelGraph(nodes: nodes, input: input, output: output), summaries)
  }

  /// The layers the output depends on, each after its inputs (depth-first from the output).
  private func topologicalOrder() throws(ModelError) -> [String] {
    let inbound = Dictionary(
      config.layers.map { ($0.name, $0.inboundLayers) }, uniquingKeysWith: { first, _ in first })
    var order: [String] = []
    var state: [String: Bool] = [:]  // false: in progress, true: done
    var stack: [(name: String, expanded: Bool)] = [(config.outputLayer, false)]
    while let (name, expanded) = stack.popLast() {
      if expanded {
        state[name] = true
        order.append(name)
        continue
      }
      if state[name] == true { continue }
      if state[name] == false {
        throw ModelError.invalidModelConfig("the layers form a cycle through '\(name)'")
      }
      guard let inputs = inbound[name] else {
        throw ModelError.invalidModelConfig("layer '\(name)' is used but not defined")
      }
      state[name] = false
      stack.append((name, true))
      for input in inputs.reversed() where state[input] != true {
        if state[input] == false {
          throw ModelError.invalidModelConfig("the layers form a cycle through '\(input)'")
        }
        stack.append((input, false))
      }
    }
    return order
  }

  // MARK: - Layers

  private mutating func add(_ layer: KerasLayerConfig) throws(ModelError) {
    var inputIndices: [Int] = []
    for name in layer.inboundLayers {
      guard let index = indexByName[name] else {
        throw ModelError.invalidModelConfig("layer '\(layer.name)' reads unknown layer '\(name)'")
      }
      inputIndices.append(index)
    }
    let inputShapes = inputIndices.map { nodes[$0].shape }
    var builder = LayerBuilder(layer: layer, inputShapes: inputShapes, weights: weights[layer.name] ?? [:])
    let built = try builder.build()
    var node = GraphNode(
      name: layer.name, className: layer.className, inputs: inputIndices, shape: built.shape,
      operation: built.operation)
    node.activation = built.activation
    indexByName[layer.name] = nodes.count
    nodes.append(node)
    summaries.append(
      LayerSummary(
        name: layer.name, className: layer.className, outputShape: built.shape,
        parameters: builder.parameterCount, flops: built.flops, inputs: layer.inboundLayers))
  }
}
