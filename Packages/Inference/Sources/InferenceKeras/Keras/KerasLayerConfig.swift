import Inference

/// One layer entry of a Keras `model_config`: its class, name, options and inputs.
struct KerasLayerConfig: Equatable, Sendable {
  /// The Keras class, for example `Conv2D`.
  var className: String
  /// The layer's unique name.
  var name: String
  /// The layer's `config` object.
  var config: JSONValue
  /// The names of the layers whose outputs this layer takes, in order.
  var inboundLayers: [String]

  /// The option `key`, or nil when absent or null.
  func option(_ key: String) -> JSONValue? {
    guard let value = config[key], !value.isNull else { return nil }
    return value
  }

  /// A string option, or `fallback` when absent.
  func string(_ key: String, default fallback: String) throws(ModelError) -> String {
    guard let value = option(key) else { return fallback }
    guard let string = value.string else { throw invalid(key, "a string") }
    return string
  }

  /// A boolean option, or `fallback` when absent.
  func bool(_ key: String, default fallback: Bool) throws(ModelError) -> Bool {
    guard let value = option(key) else { return fallback }
    guard let bool = value.bool else { throw invalid(key, "true or false") }
    return bool
  }

  /// A positive integer option, or `fallback` when absent.
  func integer(_ key: String, default fallback: Int? = nil) throws(ModelError) -> Int {
    guard let value = option(key) else {
      if let fallback { return fallback }
      throw ModelError.invalidModelConfig("layer '\(name)' has no '\(key)'")
    }
    guard let integer = value.integer else { throw invalid(key, "an integer") }
    return integer
  }

  /// A float option, or `fallback` when absent.
  func float(_ key: String, default fallback: Float) throws(ModelError) -> Float {
    guard let value = option(key) else { return fallback }
    guard let number = value.number else { throw invalid(key, "a number") }
    return Float(number)
  }

  /// A pair of integers written as `[a, b]` or a single `a` (meaning `[a, a]`).
  func pair(_ key: String, default fallback: (Int, Int)? = nil) throws(ModelError) -> (Int, Int) {
    guard let value = option(key) else {
      if let fallback { return fallback }
      throw ModelError.invalidModelConfig("layer '\(name)' has no '\(key)'")
    }
    if let single = value.integer { return (single, single) }
    guard let items = value.array, items.count == 2, let first = items[0].integer,
      let second = items[1].integer
    else { throw invalid(key, "two integers") }
    return (first, second)
  }

  /// The activation named by option `key` (default linear).
  func activation(_ key: String = "activation") throws(ModelError) -> Activation {
    guard let value = option(key) else { return .linear }
    // Keras 3 may write {"class_name": "...", "config": ...}; Keras 2 writes the name.
    guard let name = value.string ?? value["class_name"]?.string ?? value["config"]?["name"]?.string
    else { throw invalid(key, "an activation name") }
    guard let activation = Activation(kerasName: name) else {
      throw ModelError.unsupportedConfiguration(layer: self.name, detail: "activation '\(name)'")
    }
    return activation
  }

  /// Keras's padding option.
  func padding() throws(ModelError) -> Padding {
    let name = try string("padding", default: "valid").lowercased()
    guard let padding = Padding(rawValue: name) else {
      throw ModelError.unsupportedConfiguration(layer: self.name, detail: "padding '\(name)'")
    }
    return padding
  }

  /// Throws unless the layer is channels-last.
  func requireChannelsLast() throws(ModelError) {
    let format = try string("data_format", default: "channels_last")
    guard format == "channels_last" else {
      throw ModelError.unsupportedConfiguration(layer: name, detail: "data_format '\(format)'")
    }
  }

  private func invalid(_ key: String, _ expected: String) -> ModelError {
    ModelError.invalidModelConfig("layer '\(name)': '\(key)' is not \(expected)")
  }
}
