import CHDF5
import Foundation
import Inference

/// The parts of a Keras HDF5 file the runtime needs: `model_config` and the weights.
///
/// Weights are found the way Keras finds them: the `layer_names` attribute of the weights
/// group (`model_weights`, or the root in a weights-only layout), then each layer group's
/// `weight_names` attribute, whose entries are dataset paths inside that group
/// (`conv2d_1_1/kernel:0`).
struct KerasArchive: Sendable {
  /// The `model_config` JSON text.
  var modelConfig: String
  /// The `keras_version` attribute, when present.
  var kerasVersion: String?
  /// Weights by layer name, then by short weight name (`kernel`, `bias`, `gamma`, ...).
  var weights: [String: [String: HDF5File.FloatArray]]

  /// Reads a Keras model file.
  init(url: URL) throws(ModelError) {
    (modelConfig, kerasVersion, weights) = try HDF5Library.withLock {
      () throws(ModelError) -> (String, String?, [String: [String: HDF5File.FloatArray]]) in
      let file = try HDF5File(url: url)
      guard file.hasAttribute("model_config", on: file.root) else {
        throw ModelError.missingModelConfig(url.path)
      }
      let config = try file.stringsAttribute("model_config", on: file.root)
      guard let text = config.first, !text.isEmpty else {
        throw ModelError.missingModelConfig(url.path)
      }
      var version: String?
      if file.hasAttribute("keras_version", on: file.root) {
        version = try file.stringsAttribute("keras_version", on: file.root).first
      }
      return (text, version, try Self.readWeights(file))
    }
  }

  private static func readWeights(
    _ file: HDF5File
  ) throws(ModelError) -> [String: [String: HDF5File.FloatArray]] {
    var group: HDF5Handle?
    if file.exists("model_weights", in: file.root) {
      group = try file.openGroup("model_weights", in: file.root)
    }
    let location = group?.id ?? file.root
    guard file.hasAttribute("layer_names", on: location) else { return [:] }
    var weights: [String: [String: HDF5File.FloatArray]] = [:]
    for layer in try file.stringsAttribute("layer_names", on: location) {
      guard file.exists(layer, in: location) else { continue }
      let layerGroup = try file.openGroup(layer, in: location)
      guard file.hasAttribute("weight_names", on: layerGroup.id) else { continue }
      var arrays: [String: HDF5File.FloatArray] = [:]
      for path in try file.stringsAttribute("weight_names", on: layerGroup.id) {
        guard file.exists(path, in: layerGroup.id) else {
          throw ModelError.missingWeight(layer: layer, weight: path)
        }
        let key = shortName(path)
        if arrays[key] == nil {
          arrays[key] = try file.floatDataset(path, in: layerGroup.id)
        }
      }
      weights[layer] = arrays
    }
    return weights
  }

  /// `conv2d_1_1/kernel:0` → `kernel`.
  static func shortName(_ path: String) -> String {
    let last = path.split(separator: "/").last.map(String.init) ?? path
    if let colon = last.lastIndex(of: ":") { return String(last[..<colon]) }
    return last
  }
}
