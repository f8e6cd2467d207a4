import Foundation

/// Why an image could not be read, decoded or built. Each description is one line that names
/// the file.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
  /// The file does not exist.
  case fileNotFound(path: String)
  /// The file exists but could not be read (permissions, a directory, I/O error).
  case unreadable(path: String, reason: String)
  /// The file has no bytes.
  case emptyFile(path: String)
  /// The bytes are not JPEG, PNG, PPM or PGM.
  case unsupportedFormat(path: String)
  /// The file claims to be `format` but its data is corrupt or truncated.
  case corrupt(path: String, format: String, detail: String)
  /// The header announces more pixels than the limit allows; nothing was decoded.
  case tooLarge(path: String, width: Int, height: Int, limit: Int)
  /// A width or height that is zero, negative or outside the image.
  case invalidSize(width: Int, height: Int)
  /// A pixel buffer whose length does not match the image size.
  case sampleCountMismatch(expected: Int, actual: Int)

  /// One line naming the file and the problem.
  public var description: String {
    switch self {
    case .fileNotFound(let path):
      return "\(path): no such file"
    case .unreadable(let path, let reason):
      return "\(path): cannot read the file (\(reason))"
    case .emptyFile(let path):
      return "\(path): the file is empty (0 bytes)"
    case .unsupportedFormat(let path):
      return "\(path): not a JPEG, PNG, PPM or PGM image"
    case .corrupt(let path, let format, let detail):
      return "\(path): corrupt or truncated \(format): \(detail)"
    case .tooLarge(let path, let width, let height, let limit):
      return "\(path): image of \(width)x\(height) pixels exceeds the limit of \(limit) pixels"
    case .invalidSize(let width, let height):
      return "invalid image size \(width)x\(height)"
    case .sampleCountMismatch(let expected, let actual):
      return "expected \(expected) samples, got \(actual)"
    }
  }

  /// The same line as `description`.
  public var errorDescription: String? { description }
}
