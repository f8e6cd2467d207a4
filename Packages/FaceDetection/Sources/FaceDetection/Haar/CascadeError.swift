import Foundation

/// Why a cascade file could not be loaded. Each description is one line naming the file.
public enum CascadeError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
  /// The file does not exist.
  case fileNotFound(path: String)
  /// The file could not be read.
  case unreadable(path: String, reason: String)
  /// The XML is malformed.
  case invalidXML(path: String, detail: String)
  /// The XML is well formed but is not a Haar cascade in either OpenCV format.
  case invalidCascade(path: String, detail: String)

  /// One line naming the file and the problem.
  public var description: String {
    switch self {
    case .fileNotFound(let path):
      return "\(path): no such cascade file"
    case .unreadable(let path, let reason):
      return "\(path): cannot read the cascade file (\(reason))"
    case .invalidXML(let path, let detail):
      return "\(path): malformed cascade XML: \(detail)"
    case .invalidCascade(let path, let detail):
      return "\(path): not a Haar cascade: \(detail)"
    }
  }

  /// The same line as `description`.
  public var errorDescription: String? { description }
}
