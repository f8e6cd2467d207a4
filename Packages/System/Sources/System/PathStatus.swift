import SystemLibc

/// What is at a path, as `stat` tells it (following symbolic links), or why nothing usable is
/// there.
public enum PathStatus: Equatable, Sendable {
  /// A regular file.
  case regularFile
  /// A folder.
  case directory
  /// Something that is not a file to read: `what` is, for example, "a named pipe".
  case special(what: String)
  /// No such file.
  case missing
  /// `stat` or `open` failed for another reason (a symbolic-link loop, no permission).
  case failed(reason: String)

  /// What `stat` says is at `path`. Never blocks, whatever is there.
  public init(of path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      self = PathStatus(failure: errno)
      return
    }
    self = PathStatus(mode: info.st_mode)
  }

  /// Whether `path` names a file this process may execute.
  public static func isExecutable(_ path: String) -> Bool {
    access(path, X_OK) == 0
  }

  /// The kind of file a `stat` mode describes.
  init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regularFile
    case S_IFDIR: self = .directory
    case S_IFIFO: self = .special(what: "a named pipe")
    case S_IFSOCK: self = .special(what: "a socket")
    case S_IFCHR: self = .special(what: "a character device")
    case S_IFBLK: self = .special(what: "a block device")
    default: self = .special(what: "not a regular file")
    }
  }

  /// A failed call's `errno` as a status: nothing there, or the reason.
  init(failure code: Int32) {
    self = code == ENOENT || code == ENOTDIR ? .missing : .failed(reason: Errno(code).description)
  }
}
