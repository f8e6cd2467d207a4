import Inference

/// Why a face detector's model file could not be used. Each description is one line naming
/// the file.
public enum DetectorModelError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The runtime could not load the file.
  case unloadable(ModelError)
  /// The file is a model, but not the one named: its input and output shapes differ.
  case notTheModel(path: String, expected: String, input: [Int], outputs: [[Int]])

  /// `path: cannot load the face detector's model: …`.
  public var description: String {
    switch self {
    case .unloadable(let error):
      return "cannot load the face detector's model: \(error)"
    case .notTheModel(let path, let expected, let input, let outputs):
      return "\(path): not the \(expected) model: input \(input), outputs \(outputs)"
    }
  }
}
