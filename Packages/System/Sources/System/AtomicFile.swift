import SystemLibc

/// Writes a file so that it appears whole or not at all: into a hidden temporary file in the
/// same folder, flushed to the disk, then moved to the final name once complete.
///
/// ```swift
/// try AtomicFile.write(Array(svg.utf8), to: "timeline.svg", replacing: false)
/// ```
public enum AtomicFile {
  /// Why an atomic write failed.
  public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file already has the final name (or took it meanwhile), and it was not to be replaced.
    case exists
    /// A system call failed.
    case system(Errno)
    /// The caller's writer failed, for the reason it gave.
    case writer(reason: String)

    /// A few words: `a file of that name exists`, the system's text, or the writer's reason.
    public var description: String {
      switch self {
      case .exists: return "a file of that name exists"
      case .system(let error): return error.description
      case .writer(let reason): return reason
      }
    }
  }

  /// The temporary name beside `path`: `.<name>.<pid>.tmp`.
  public static func temporaryPath(for path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? "./"
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return folder + ".\(name).\(getpid()).tmp"
  }

  /// Writes `bytes` to `path` atomically, the temporary file created with `mode` (less the
  /// umask). With `replacing` false a file already at `path` (or one that appears meanwhile)
  /// is left alone and the write fails with ``Failure/exists``.
  public static func write(
    _ bytes: some Collection<UInt8>, to path: String, replacing: Bool = true, mode: UInt32 = 0o644
  ) throws(Failure) {
    try write(to: path, replacing: replacing) { temporary throws(Failure) in
      do throws(Errno) {
        let file = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode: mode_t(mode))
        defer { file.close() }
        try file.writeAll(bytes)
      } catch {
        throw .system(error)
      }
    }
  }

  /// Runs `write` on the temporary path (it creates the file there), flushes it, then moves
  /// it to `path` (see ``write(_:to:replacing:mode:)``); removes the temporary file when any
  /// step fails.
  public static func write(
    to path: String, replacing: Bool = true, _ write: (_ temporary: String) throws(Failure) -> Void
  ) throws(Failure) {
    let temporary = temporaryPath(for: path)
    do throws(Failure) {
      try write(temporary)
      try flush(temporary)
      try moveIntoPlace(temporary, path, replacing: replacing)
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// Renames `temporary` to `path`, or, when not `replacing`, links it there (which fails
  /// rather than replace a file, whatever appeared meanwhile) and removes the temporary name.
  /// On failure the temporary file is left for the caller.
  public static func moveIntoPlace(_ temporary: String, _ path: String, replacing: Bool) throws(Failure) {
    do throws(Errno) {
      try place(temporary, path, replacing: replacing)
    } catch {
      throw !replacing && error == .fileExists ? .exists : .system(error)
    }
  }

  /// Flushes the written file to the disk, so a crash after the rename cannot leave it empty.
  private static func flush(_ temporary: String) throws(Failure) {
    do throws(Errno) {
      let file = try FileDescriptor.open(temporary, O_RDONLY)
      defer { file.close() }
      try file.synchronize()
    } catch {
      throw .system(error)
    }
  }

  private static func place(_ temporary: String, _ path: String, replacing: Bool) throws(Errno) {
    if replacing {
      try syscall { rename(temporary, path) }
      return
    }
    if link(temporary, path) == 0 {
      unlink(temporary)
      return
    }
    let code = errno
    // A file system without hard links (FAT): the check and the rename are as close as it allows.
    guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP else { throw Errno(code) }
    var info = stat()
    if lstat(path, &info) == 0 { throw Errno.fileExists }
    try syscall { rename(temporary, path) }
  }
}
