import System

/// Why a picture or a video could not be written: one line naming the file, such as
/// `out.png: cannot write the PNG (a file of that name exists)`.
public struct MediaWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was being written.
  public enum Kind: String, Sendable {
    /// A JPEG picture.
    case jpeg = "JPEG"
    /// A PNG picture.
    case png = "PNG"
    /// A video file.
    case video
  }

  /// What went wrong.
  public enum Reason: Equatable, Sendable, CustomStringConvertible {
    /// A file already has the name, and it was not to be replaced.
    case exists
    /// Anything else, in a few words from the encoder, ffmpeg or the system.
    case failed(String)

    /// The words of the line.
    public var description: String {
      switch self {
      case .exists: return AtomicFile.Failure.exists.description
      case .failed(let text): return text
      }
    }
  }

  /// The file.
  public var path: String
  /// What it was to hold.
  public var kind: Kind
  /// Why it was not written.
  public var reason: Reason

  /// A failure to write `path`.
  public init(path: String, kind: Kind, reason: Reason) {
    self.path = path
    self.kind = kind
    self.reason = reason
  }

  /// The failure of an atomic write of `path`.
  init(path: String, kind: Kind, _ failure: AtomicFile.Failure) {
    self.init(path: path, kind: kind, reason: failure == .exists ? .exists : .failed(failure.description))
  }

  /// `path: cannot write the PNG (reason)`.
  public var description: String { "\(path): cannot write the \(kind.rawValue) (\(reason))" }
}
