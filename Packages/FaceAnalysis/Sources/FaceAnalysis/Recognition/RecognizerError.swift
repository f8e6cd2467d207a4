import FaceDetection
import Foundation

/// Why recognition could not start or run. Each description is one line.
public enum RecognizerError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
  /// A model file is missing from every folder searched.
  case modelNotFound(file: String, searched: [String])
  /// The cascade file is broken.
  case cascade(CascadeError)
  /// The emotion model could not be loaded.
  case modelLoad(path: String, reason: String)
  /// The face detector's model could not be loaded.
  case detectorModel(DetectorModelError)
  /// The classifier failed on a batch.
  case classification(reason: String)
  /// The options cannot be used.
  case invalidOptions(String)
  /// The face embedding model (SFace) could not be loaded.
  case embeddingModelLoad(path: String, reason: String)
  /// The embedding model failed on a batch.
  case embedding(reason: String)

  /// One line naming the problem and, for missing files, how to get them.
  public var description: String {
    switch self {
    case .modelNotFound(let file, let searched):
      let places = searched.isEmpty ? "" : " (looked in \(searched.joined(separator: ", ")))"
      return "\(file) not found\(places): run Tools/setup in a clone of Emotions or reinstall the emotions "
        + "package, or pass --model-dir or set EMOTIONS_MODEL_DIR"
    case .cascade(let error):
      return error.description
    case .modelLoad(let path, let reason):
      return "\(path): cannot load the emotion model: \(reason)"
    case .detectorModel(let error):
      return error.description
    case .classification(let reason):
      return "emotion classification failed: \(reason)"
    case .invalidOptions(let reason):
      return "invalid options: \(reason)"
    case .embeddingModelLoad(let path, let reason):
      return "\(path): cannot load the face embedding model: \(reason)"
    case .embedding(let reason):
      return "face embedding failed: \(reason)"
    }
  }

  /// The same line as `description`.
  public var errorDescription: String? { description }
}
