/// Reads a whole regular file with POSIX calls (never blocking on a named pipe), for callers
/// outside the package: Foundation's whole-file readers leak their buffer on an empty file.
public enum RegularFile {
  /// What is at a path.
  public enum Contents: Equatable, Sendable {
    /// The file's bytes (none for an empty file).
    case bytes([UInt8])
    /// Nothing has that name.
    case missing
    /// Something is there that cannot be read as a file, with the reason in a few words.
    case unreadable(reason: String)
  }

  /// The content of the regular file at `path`, or why there is none.
  public static func read(_ path: String) -> Contents {
    switch POSIX.readRegularFile(path) {
    case .success(let bytes): return .bytes(bytes)
    case .failure(let problem):
      switch problem.status {
      case .missing: return .missing
      case .directory: return .unreadable(reason: "a folder, not a file")
      case .special(let what): return .unreadable(reason: "\(what), not a regular file")
      case .failed(let reason): return .unreadable(reason: reason)
      case .regularFile: return .unreadable(reason: "unknown error")
      }
    }
  }
}
