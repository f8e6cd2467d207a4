import SystemLibc

/// Reads a whole regular file with POSIX calls, never blocking on a named pipe (even one put
/// there after a check): Foundation's whole-file readers leak their buffer on an empty file.
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
    switch bytes(at: path) {
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

  /// The whole content of the regular file at `path`, or what is there instead.
  public static func bytes(at path: String) -> Result<[UInt8], Problem> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return .failure(Problem(status: PathStatus(failure: errno))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(Problem(status: PathStatus(failure: errno))) }
    let kind = PathStatus(mode: info.st_mode)
    guard kind == .regularFile else { return .failure(Problem(status: kind)) }
    do throws(Errno) {
      return .success(try FileDescriptor(rawValue: descriptor).readAll())
    } catch {
      return .failure(Problem(status: PathStatus(failure: error.code)))
    }
  }

  /// The last line of the file at `path` that is not blank, trimmed; nil when there is none
  /// or the file cannot be read (a child's stderr file, say).
  public static func lastLine(of path: String) -> String? {
    guard case .success(let bytes) = bytes(at: path) else { return nil }
    for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).reversed() {
      guard let first = line.firstIndex(where: { !$0.isWhitespace }),
        let last = line.lastIndex(where: { !$0.isWhitespace })
      else { continue }
      return String(line[first...last])
    }
    return nil
  }

  /// A ``PathStatus`` other than `.regularFile`, as an error.
  public struct Problem: Error, Equatable, Sendable {
    /// What is at the path instead of a readable regular file.
    public let status: PathStatus
  }
}
