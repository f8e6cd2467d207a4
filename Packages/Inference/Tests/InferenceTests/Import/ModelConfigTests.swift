import Testing

@testable import Inference
@testable import InferenceKeras

/// Reading Keras's `model_config`: Functional and Sequential forms, wiring by inbound nodes,
/// and errors for what the runtime does not do.
@Suite("model_config import")
struct ModelConfigTests {
  private let denseWeights: [String: [String: HDF5File.FloatArray]] = [
    "double": ["kernel": .init(shape: [2, 2], values: [2, 0, 0, 2])],
    "swap": [
      "kernel": .init(shape: [2, 2], values: [0, 1, 1, 0]), "bias": .init(shape: [2], values: [1, 1]),
    ],
  ]

  private func predict(_ json: String, _ input: [Float]) throws -> [Float] {
    let model = try KerasModel(modelConfig: json, weights: denseWeights, labels: nil)
    return try model.predict(Tensor(shape: [1] + model.inputShape, values: input)).values
  }

  private func error(_ json: String, weights: [String: [String: HDF5File.FloatArray]]? = nil) -> ModelError? {
    do {
      _ = try KerasModel(modelConfig: json, weights: weights ?? denseWeights, labels: nil)
      return nil
    } catch {
      return error
    }
  }

  @Test("Sequential, Keras 2.0 form: a bare list, the input shape on the first layer")
  func sequentialLegacy() throws {
    let json = """
      {"class_name": "Sequential", "config": [
        {"class_name": "Dense", "config": {"name": "double", "units": 2, "use_bias": false,
          "batch_input_shape": [null, 2]}},
        {"class_name": "Dense", "config": {"name": "swap", "units": 2, "activation": "relu"}}
      ]}
      """
    // [1, -3] -> [2, -6] -> swap + 1 -> [-5, 3] -> relu -> [0, 3].
    #expect(try predict(json, [1, -3]) == [0, 3])
  }

  @Test("Sequential, later form: a layers object with an InputLayer")
  func sequentialWithInputLayer() throws {
    let json = """
      {"class_name": "Sequential", "config": {"name": "s", "layers": [
        {"class_name": "InputLayer", "config": {"batch_input_shape": [null, 2], "name": "in"}},
        {"class_name": "Dense", "config": {"name": "double", "units": 2, "use_bias": false}}
      ]}}
      """
    #expect(try predict(json, [1, 2]) == [2, 4])
  }

  @Test("Functional: the graph follows inbound nodes, not the order of the layer list")
  func functionalOutOfOrder() throws {
    let json = """
      {"class_name": "Functional", "config": {"name": "f",
        "layers": [
          {"class_name": "Dense", "name": "swap", "config": {"name": "swap", "units": 2},
           "inbound_nodes": [[["double", 0, 0, {}]]]},
          {"class_name": "Dense", "name": "double", "config": {"name": "double", "units": 2, "use_bias": false},
           "inbound_nodes": [[["in", 0, 0, {}]]]},
          {"class_name": "InputLayer", "name": "in", "config": {"batch_input_shape": [null, 2]},
           "inbound_nodes": []},
          {"class_name": "Dense", "name": "unused", "config": {"name": "unused", "units": 9},
           "inbound_nodes": [[["in", 0, 0, {}]]]}
        ],
        "input_layers": [["in", 0, 0]], "output_layers": [["swap", 0, 0]]}}
      """
    // [1, 2] -> [2, 4] -> [4 + 1, 2 + 1]. The unused layer (no weights) is never built.
    #expect(try predict(json, [1, 2]) == [5, 3])
  }

  @Test("Keras 3 inbound nodes (keras_history) are understood")
  func kerasThreeInboundNodes() throws {
    let json = """
      {"class_name": "Functional", "config": {"name": "f",
        "layers": [
          {"class_name": "InputLayer", "name": "in", "config": {"batch_shape": [null, 2], "name": "in"},
           "inbound_nodes": []},
          {"class_name": "Dense", "name": "double", "config": {"name": "double", "units": 2, "use_bias": false},
           "inbound_nodes": [{"args": [{"class_name": "__keras_tensor__",
             "config": {"shape": [null, 2], "keras_history": ["in", 0, 0]}}], "kwargs": {}}]}
        ],
        "input_layers": ["in", 0, 0], "output_layers": ["double", 0, 0]}}
      """
    #expect(try predict(json, [3, 4]) == [6, 8])
  }

  private func functional(_ layers: String, output: String) -> String {
    """
    {"class_name": "Model", "config": {"name": "m", "layers": [
      {"class_name": "InputLayer", "name": "in", "config": {"batch_input_shape": [null, 2]}, "inbound_nodes": []},
      \(layers)],
      "input_layers": [["in", 0, 0]], "output_layers": [["\(output)", 0, 0]]}}
    """
  }

  @Test("an unknown layer class is named")
  func unknownLayer() {
    let json = functional(
      #"{"class_name": "LSTM", "name": "memory", "config": {}, "inbound_nodes": [[["in", 0, 0, {}]]]}"#,
      output: "memory")
    #expect(error(json) == .unsupportedLayer(className: "LSTM", layer: "memory"))
  }

  @Test("an unknown activation is named")
  func unknownActivation() {
    let json = functional(
      #"{"class_name": "Activation", "name": "act", "config": {"activation": "gelu"}, "inbound_nodes": [[["in", 0, 0, {}]]]}"#,
      output: "act")
    #expect(error(json) == .unsupportedConfiguration(layer: "act", detail: "activation 'gelu'"))
  }

  @Test("a shared layer (called twice) is refused")
  func sharedLayer() {
    let json = functional(
      #"{"class_name": "Dense", "name": "double", "config": {"units": 2, "use_bias": false}, "inbound_nodes": [[["in", 0, 0, {}]], [["in", 0, 0, {}]]]}"#,
      output: "double")
    guard case .unsupportedConfiguration(let layer, _) = error(json) else {
      Issue.record("expected unsupportedConfiguration")
      return
    }
    #expect(layer == "double")
  }

  @Test("a cycle in the wiring is an error, not a hang")
  func cycle() {
    let json = functional(
      #"""
      {"class_name": "Add", "name": "a", "config": {}, "inbound_nodes": [[["in", 0, 0, {}], ["b", 0, 0, {}]]]},
      {"class_name": "Add", "name": "b", "config": {}, "inbound_nodes": [[["a", 0, 0, {}], ["in", 0, 0, {}]]]}
      """#,
      output: "b")
    guard case .invalidModelConfig(let detail) = error(json) else {
      Issue.record("expected invalidModelConfig")
      return
    }
    #expect(detail.contains("cycle"))
  }

  @Test("a layer reading an undefined layer")
  func undefinedInput() {
    let json = functional(
      #"{"class_name": "Dropout", "name": "drop", "config": {}, "inbound_nodes": [[["ghost", 0, 0, {}]]]}"#,
      output: "drop")
    #expect(error(json) == .invalidModelConfig("layer 'ghost' is used but not defined"))
  }

  @Test("channels_first is refused")
  func channelsFirst() {
    let json = """
      {"class_name": "Model", "config": {"name": "m", "layers": [
        {"class_name": "InputLayer", "name": "in", "config": {"batch_input_shape": [null, 2, 2, 1]}, "inbound_nodes": []},
        {"class_name": "MaxPooling2D", "name": "pool", "config": {"data_format": "channels_first"},
         "inbound_nodes": [[["in", 0, 0, {}]]]}],
        "input_layers": [["in", 0, 0]], "output_layers": [["pool", 0, 0]]}}
      """
    #expect(error(json) == .unsupportedConfiguration(layer: "pool", detail: "data_format 'channels_first'"))
  }

  @Test("an input with a free dimension is refused")
  func freeInputDimension() {
    let json = """
      {"class_name": "Sequential", "config": [
        {"class_name": "Dense", "config": {"name": "double", "units": 2, "batch_input_shape": [null, null]}}]}
      """
    guard case .unsupportedConfiguration(let layer, _) = error(json) else {
      Issue.record("expected unsupportedConfiguration")
      return
    }
    #expect(layer == "double_input")
  }

  @Test("a missing weight is named")
  func missingWeight() {
    let json = """
      {"class_name": "Sequential", "config": [
        {"class_name": "Dense", "config": {"name": "double", "units": 2, "batch_input_shape": [null, 2]}}]}
      """
    // "double" has a kernel but no bias in the weights, and use_bias defaults to true.
    #expect(error(json) == .missingWeight(layer: "double", weight: "bias"))
  }

  @Test("a Dense kernel of the wrong shape is named with both shapes")
  func denseShapeMismatch() {
    let json = """
      {"class_name": "Sequential", "config": [
        {"class_name": "Dense", "config": {"name": "double", "units": 3, "use_bias": false,
          "batch_input_shape": [null, 2]}}]}
      """
    #expect(
      error(json)
        == .weightShapeMismatch(layer: "double", weight: "kernel", expected: [2, 3], found: [2, 2]))
  }

  @Test("not JSON, or not a Functional/Sequential model")
  func invalidConfig() {
    guard case .invalidModelConfig = error("{\"class_name\": \"Model\", ") else {
      Issue.record("expected invalidModelConfig for truncated JSON")
      return
    }
    guard case .invalidModelConfig(let detail) = error(#"{"class_name": "MyNet", "config": {}}"#) else {
      Issue.record("expected invalidModelConfig for a subclassed model")
      return
    }
    #expect(detail.contains("MyNet"))
  }

  @Test("weight paths map to short names")
  func shortNames() {
    #expect(KerasArchive.shortName("conv2d_1_1/kernel:0") == "kernel")
    #expect(KerasArchive.shortName("separable_conv2d_1_1/depthwise_kernel:0") == "depthwise_kernel")
    #expect(KerasArchive.shortName("bias") == "bias")
  }
}
