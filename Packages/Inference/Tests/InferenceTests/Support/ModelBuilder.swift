import Foundation

@testable import Inference
@testable import InferenceKeras

/// Builds small Keras models in memory, as `model_config` JSON plus weights, so layer tests
/// state exactly what Keras would have written to a file.
struct ModelBuilder {
  private var layers: [[String: Any]] = []
  private var weights: [String: [String: HDF5File.FloatArray]] = [:]
  private var last = ""
  private let inputName = "input"

  /// A model whose input items have `shape` (for example `[5, 5, 1]`).
  init(input shape: [Int]) {
    layers.append([
      "class_name": "InputLayer", "name": inputName,
      "config": ["batch_input_shape": [NSNull()] + shape.map { $0 as Any }, "name": inputName],
      "inbound_nodes": [],
    ])
    last = inputName
  }

  /// Adds a layer reading `inputs` (default: the previous layer), with its weights.
  @discardableResult
  mutating func add(
    _ className: String, _ name: String, _ config: [String: Any] = [:], inputs: [String]? = nil,
    weights: [String: ([Int], [Float])] = [:]
  ) -> String {
    let sources = inputs ?? [last]
    var options = config
    options["name"] = name
    layers.append([
      "class_name": className, "name": name, "config": options,
      "inbound_nodes": [sources.map { [$0, 0, 0, [String: Any]()] as [Any] }],
    ])
    if !weights.isEmpty {
      self.weights[name] = weights.mapValues { HDF5File.FloatArray(shape: $0.0, values: $0.1) }
    }
    last = name
    return name
  }

  /// The `model_config` JSON of the layers so far, with the last layer as output.
  func json() throws -> String {
    let root: [String: Any] = [
      "class_name": "Model",
      "config": [
        "name": "test", "layers": layers, "input_layers": [[inputName, 0, 0]],
        "output_layers": [[last, 0, 0]],
      ],
    ]
    return String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
  }

  /// The model.
  func build(labels: [String]? = nil, optimize: Bool = true) throws -> KerasModel {
    try KerasModel(modelConfig: json(), weights: weights, labels: labels, optimize: optimize)
  }

  /// Builds the model and runs it on one item given as `values` of the input shape.
  func run(_ values: [Float], optimize: Bool = true) throws -> Tensor {
    let model = try build(optimize: optimize)
    return try model.predict(Tensor(shape: [1] + model.inputShape, values: values))
  }
}

/// `1, 2, ..., count` as floats: the input of most hand-worked tests.
func ramp(_ count: Int) -> [Float] {
  (1...count).map(Float.init)
}

/// Whether two lists agree to `tolerance` everywhere.
func close(_ actual: [Float], _ expected: [Float], tolerance: Float = 1e-5) -> Bool {
  actual.count == expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
}
