import Foundation
import Pixels

/// Why an image file could not be read or decoded. Each description is one line that names
/// the file. (An image built from bad sizes is Pixels' ``PixelError``.)
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
    }
  }

  /// The same line as `description`.
  public var errorDescription: String? { description }
}
