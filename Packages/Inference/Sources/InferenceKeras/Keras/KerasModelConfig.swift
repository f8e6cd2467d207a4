import Inference

/// The layers and wiring of a Keras model, read from its `model_config` JSON.
///
/// Handles Functional models (`Model`/`Functional`: layers with `inbound_nodes`) and
/// Sequential models (a chain, with or without an explicit `InputLayer`, in the Keras 2.0
/// list form or the later `{"layers": [...]}` form).
struct KerasModelConfig: Equatable, Sendable {
  /// The layers in file order.
  var layers: [KerasLayerConfig]
  /// The name of the model's input layer.
  var inputLayer: String
  /// The name of the layer whose output is the model's output.
  var outputLayer: String
  /// `Functional` or `Sequential`.
  var kind: String

  /// Parses `model_config` text.
  init(json text: String) throws(ModelError) {
    let root = try JSONValue.parse(text)
    guard let className = root["class_name"]?.string else {
      throw ModelError.invalidModelConfig("no 'class_name' at the top")
    }
    guard let config = root["config"] else { throw ModelError.invalidModelConfig("no 'config' at the top") }
    switch className {
    case "Model", "Functional":
      try self.init(functional: config)
    case "Sequential":
      try self.init(sequential: config)
    default:
      throw ModelError.invalidModelConfig("a \(className) model; expected Functional or Sequential")
    }
  }

  private init(functional config: JSONValue) throws(ModelError) {
    guard let entries = config["layers"]?.array else {
      throw ModelError.invalidModelConfig("no 'layers' list")
    }
    var layers: [KerasLayerConfig] = []
    for entry in entries {
      let (className, name, layerConfig) = try Self.header(of: entry)
      let inbound = try Self.inboundLayers(entry["inbound_nodes"], layer: name)
      layers.append(
        KerasLayerConfig(className: className, name: name, config: layerConfig, inboundLayers: inbound))
    }
    let inputs = try Self.endpoints(config["input_layers"], "input_layers")
    let outputs = try Self.endpoints(config["output_layers"], "output_layers")
    guard inputs.count == 1, let input = inputs.first else {
      throw ModelError.unsupportedConfiguration(
        layer: "model", detail: "\(inputs.count) inputs (exactly one is supported)")
    }
    guard outputs.count == 1, let output = outputs.first else {
      throw ModelError.unsupportedConfiguration(
        layer: "model", detail: "\(outputs.count) outputs (exactly one is supported)")
    }
    self.layers = layers
    self.inputLayer = input
    self.outputLayer = output
    self.kind = "Functional"
  }

  private init(sequential config: JSONValue) throws(ModelError) {
    guard let entries = config.array ?? config["layers"]?.array else {
      throw ModelError.invalidModelConfig("no 'layers' list")
    }
    var layers: [KerasLayerConfig] = []
    for entry in entries {
      let (className, name, layerConfig) = try Self.header(of: entry)
      if layers.isEmpty && className != "InputLayer" {
        // The first layer carries the input shape; give it an explicit input layer.
        guard let shape = layerConfig["batch_input_shape"] ?? layerConfig["batch_shape"] else {
          throw ModelError.invalidModelConfig("the first layer of the Sequential model has no input shape")
        }
        layers.append(
          KerasLayerConfig(
            className: "InputLayer", name: name + "_input",
            config: .object(["batch_input_shape": shape]), inboundLayers: []))
      }
      let inbound = layers.last.map { [$0.name] } ?? []
      layers.append(
        KerasLayerConfig(className: className, name: name, config: layerConfig, inboundLayers: inbound))
    }
    guard let first = layers.first, let last = layers.last else {
      throw ModelError.invalidModelConfig("the Sequential model has no layers")
    }
    self.layers = layers
    self.inputLayer = first.name
    self.outputLayer = last.name
    self.kind = "Sequential"
  }

  private static func header(of entry: JSONValue) throws(ModelError) -> (String, String, JSONValue) {
    guard let className = entry["class_name"]?.string else {
      throw ModelError.invalidModelConfig("a layer has no 'class_name'")
    }
    let config = entry["config"] ?? .object([:])
    guard let name = entry["name"]?.string ?? config["name"]?.string else {
      throw ModelError.invalidModelConfig("a \(className) layer has no name")
    }
    return (className, name, config)
  }

  /// The layer names in `inbound_nodes`: Keras 2 writes `[[["name", 0, 0, {}], ...]]`,
  /// Keras 3 writes `[{"args": [{"config": {"keras_history": ["name", 0, 0]}}]}]`.
  private static func inboundLayers(_ nodes: JSONValue?, layer: String) throws(ModelError) -> [String] {
    guard let nodes = nodes?.array, !nodes.isEmpty else { return [] }
    guard nodes.count == 1, let node = nodes.first else {
      throw ModelError.unsupportedConfiguration(
        layer: layer, detail: "the layer is called \(nodes.count) times (shared layers are not supported)")
    }
    var names: [String] = []
    if let tensors = node.array {
      for tensor in tensors {
        guard let parts = tensor.array, let name = parts.first?.string else {
          throw ModelError.invalidModelConfig("layer '\(layer)': malformed inbound node")
        }
        try checkFirstNode(parts.dropFirst().first, tensor: parts.dropFirst(2).first, layer: layer)
        names.append(name)
      }
    } else {
      collectKerasHistory(node["args"], into: &names)
      guard !names.isEmpty else {
        throw ModelError.invalidModelConfig("layer '\(layer)': malformed inbound node")
      }
    }
    return names
  }

  private static func checkFirstNode(
    _ node: JSONValue?, tensor: JSONValue?, layer: String
  ) throws(ModelError) {
    if (node?.integer ?? 0) != 0 || (tensor?.integer ?? 0) != 0 {
      throw ModelError.unsupportedConfiguration(
        layer: layer, detail: "an input from a shared layer or a multi-output layer")
    }
  }

  private static func collectKerasHistory(_ value: JSONValue?, into names: inout [String]) {
    guard let value else { return }
    if let history = value["config"]?["keras_history"]?.array, let name = history.first?.string {
      names.append(name)
      return
    }
    if let items = value.array {
      for item in items { collectKerasHistory(item, into: &names) }
    }
  }

  /// `input_layers`/`output_layers`: `[["name", 0, 0], ...]` or a single `["name", 0, 0]`.
  private static func endpoints(_ value: JSONValue?, _ key: String) throws(ModelError) -> [String] {
    guard let items = value?.array else { throw ModelError.invalidModelConfig("no '\(key)'") }
    if let name = items.first?.string { return [name] }
    var names: [String] = []
    for item in items {
      guard let name = item.array?.first?.string else {
        throw ModelError.invalidModelConfig("malformed '\(key)'")
      }
      names.append(name)
    }
    return names
  }
}
