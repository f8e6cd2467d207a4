import System

/// The file checks the frame sources and the image reader need: whether a tool is
/// executable, what is at a path, and reading a regular file without blocking on anything
/// else. Children are System's ``Subprocess``.
enum POSIX {
  /// Whether `path` names an executable file.
  static func isExecutable(_ path: String) -> Bool {
    access(path, X_OK) == 0
  }

  /// What is at a path (following symbolic links), or why nothing usable is there.
  enum PathStatus: Equatable {
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
  }

  /// What `stat` says is at `path`. Never blocks, whatever is there.
  static func status(of path: String) -> PathStatus {
    var info = stat()
    guard stat(path, &info) == 0 else { return failure(errno) }
    return status(mode: info.st_mode)
  }

  /// The whole content of the regular file at `path`, or what is there instead. The file is
  /// opened without blocking, so a named pipe (even one put there after a check) cannot hang
  /// the read.
  static func readRegularFile(_ path: String) -> Result<[UInt8], PathProblem> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return .failure(PathProblem(status: failure(errno))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(PathProblem(status: failure(errno))) }
    let kind = status(mode: info.st_mode)
    guard kind == .regularFile else { return .failure(PathProblem(status: kind)) }
    do throws(Errno) {
      return .success(try FileDescriptor(rawValue: descriptor).readAll())
    } catch {
      return .failure(PathProblem(status: failure(error.code)))
    }
  }

  /// The last line of the file at `path` that is not blank, trimmed; `nil` when there is
  /// none or the file cannot be read. For a child's stderr, read with POSIX calls: Foundation's
  /// whole-file readers leak their buffer on an empty file.
  static func lastLine(ofFile path: String) -> String? {
    guard case .success(let bytes) = readRegularFile(path) else { return nil }
    for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).reversed() {
      guard let first = line.firstIndex(where: { !$0.isWhitespace }),
        let last = line.lastIndex(where: { !$0.isWhitespace })
      else { continue }
      return String(line[first...last])
    }
    return nil
  }

  /// A ``PathStatus`` other than `.regularFile`, as an error.
  struct PathProblem: Error, Equatable {
    let status: PathStatus
  }

  private static func status(mode: mode_t) -> PathStatus {
    switch mode & S_IFMT {
    case S_IFREG: return .regularFile
    case S_IFDIR: return .directory
    case S_IFIFO: return .special(what: "a named pipe")
    case S_IFSOCK: return .special(what: "a socket")
    case S_IFCHR: return .special(what: "a character device")
    case S_IFBLK: return .special(what: "a block device")
    default: return .special(what: "not a regular file")
    }
  }

  private static func failure(_ code: Int32) -> PathStatus {
    code == ENOENT || code == ENOTDIR ? .missing : .failed(reason: Errno(code).description)
  }
}
