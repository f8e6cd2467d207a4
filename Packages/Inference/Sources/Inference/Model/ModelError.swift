import Foundation

/// Why a model could not be loaded or run. Every case carries a message naming the problem.
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
  /// No file at this path.
  case fileNotFound(String)
  /// The file exists but is not an HDF5 file.
  case notHDF5(String)
  /// The file is HDF5 but damaged, for example truncated; the reason comes from libhdf5.
  case corruptFile(String, reason: String)
  /// A read inside the HDF5 file failed.
  case hdf5(String)
  /// The file has no `model_config` attribute: it holds weights only, or is not a Keras model.
  case missingModelConfig(String)
  /// `model_config` is not the JSON of a Keras Functional or Sequential model.
  case invalidModelConfig(String)
  /// The model uses a layer class this runtime does not implement.
  case unsupportedLayer(className: String, layer: String)
  /// A supported layer uses an option this runtime does not implement.
  case unsupportedConfiguration(layer: String, detail: String)
  /// A layer's weight is not in the file.
  case missingWeight(layer: String, weight: String)
  /// A weight in the file has a shape that does not fit its layer.
  case weightShapeMismatch(layer: String, weight: String, expected: [Int], found: [Int])
  /// A layer's inputs have shapes it cannot take.
  case incompatibleShapes(layer: String, detail: String)
  /// The caller's labels do not match the model's number of classes.
  case labelCountMismatch(expected: Int, found: Int)
  /// The tensor given to ``KerasModel/predict(_:)`` does not have the model's input shape.
  case inputShapeMismatch(expected: [Int], found: [Int])
  /// OpenBLAS, which runs the convolutions, could not be loaded; the reason comes from the
  /// dynamic loader.
  case blasUnavailable(String)
  /// The file is not a TFLite flatbuffer (no `TFL3` identifier), or too small to be one.
  case notTFLite(String)
  /// The file is a TFLite flatbuffer, but damaged or truncated: an offset, a vector or a
  /// constant does not fit.
  case corruptTFLite(String, reason: String)
  /// The model uses a TFLite operator this runtime does not run; `tensor` is its first output.
  case unsupportedOperator(String, tensor: String)
  /// The file is not an ONNX model (no graph in a protobuf `ModelProto`), or too small to be one.
  case notONNX(String)
  /// The file is an ONNX model, but damaged or truncated, or it breaks the format's rules: a
  /// length, an index or a constant does not fit.
  case corruptONNX(String, reason: String)
  /// The model uses an ONNX operator (or a form of one) this runtime does not run; `node` is
  /// the node's name, or its first output where it has none.
  case unsupportedONNXOperator(String, node: String)

  /// A one-line message naming the problem.
  public var description: String {
    switch self {
    case .fileNotFound(let path):
      return "no model file at \(path)"
    case .notHDF5(let path):
      return "\(path) is not an HDF5 file (a Keras .h5 model is expected)"
    case .corruptFile(let path, let reason):
      return "\(path) is a damaged HDF5 file: \(reason)"
    case .hdf5(let detail):
      return "HDF5 read failed: \(detail)"
    case .missingModelConfig(let path):
      return "\(path) has no model_config attribute: it is not a complete Keras model (weights only?)"
    case .invalidModelConfig(let detail):
      return "invalid Keras model_config: \(detail)"
    case .unsupportedLayer(let className, let layer):
      return "unsupported layer \(className) ('\(layer)')"
    case .unsupportedConfiguration(let layer, let detail):
      return "layer '\(layer)': unsupported configuration: \(detail)"
    case .missingWeight(let layer, let weight):
      return "layer '\(layer)': weight '\(weight)' is missing from the file"
    case .weightShapeMismatch(let layer, let weight, let expected, let found):
      return "layer '\(layer)': weight '\(weight)' has shape \(Self.format(found)), "
        + "expected \(Self.format(expected))"
    case .incompatibleShapes(let layer, let detail):
      return "layer '\(layer)': \(detail)"
    case .labelCountMismatch(let expected, let found):
      return "\(found) labels given for a model with \(expected) classes"
    case .inputShapeMismatch(let expected, let found):
      return "input tensor has shape \(Self.format(found)), expected \(Self.format(expected))"
    case .blasUnavailable(let reason):
      return "OpenBLAS could not be loaded (\(reason)); install Debian's libopenblas0 (Tools/setup does)"
    case .notTFLite(let path):
      return "\(path) is not a TFLite model (a .tflite flatbuffer is expected)"
    case .corruptTFLite(let path, let reason):
      return "\(path) is a damaged TFLite file: \(reason)"
    case .unsupportedOperator(let name, let tensor):
      return "unsupported TFLite operator \(name) (writing '\(tensor)')"
    case .notONNX(let path):
      return "\(path) is not an ONNX model (an .onnx protobuf is expected)"
    case .corruptONNX(let path, let reason):
      return "\(path) is a damaged ONNX file: \(reason)"
    case .unsupportedONNXOperator(let name, let node):
      return "unsupported ONNX operator \(name) (node '\(node)')"
    }
  }

  /// The same message as ``description``.
  public var errorDescription: String? { description }

  /// Throws ``inputShapeMismatch(expected:found:)`` unless `batch` is `[N] + itemShape`.
  package static func requireBatch(_ batch: Tensor, of itemShape: [Int]) throws(ModelError) {
    guard batch.shape.count == itemShape.count + 1, Array(batch.shape.dropFirst()) == itemShape else {
      throw ModelError.inputShapeMismatch(expected: [-1] + itemShape, found: batch.shape)
    }
  }

  /// Formats a shape as `[N, 64, 64, 1]`.
  package static func format(_ shape: [Int]) -> String {
    "[" + shape.map { $0 < 0 ? "N" : String($0) }.joined(separator: ", ") + "]"
  }
}
