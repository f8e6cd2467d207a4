/// Writes a file so that it appears whole or not at all: into a hidden temporary file in the
/// same folder, flushed to the disk, then moved to the final name once complete.
///
/// ```swift
/// let failure = AtomicFile.write(to: "timeline.svg", replacing: false) { temporary in
///   FileManager.default.createFile(atPath: temporary, contents: data) ? nil : "cannot write"
/// }
/// ```
public enum AtomicFile {
  /// The reason given when `replacing` is false and a file already has the final name.
  public static let existsReason = "a file of that name exists"

  /// The temporary name beside `path`: `.<name>.<pid>.tmp`.
  public static func temporaryPath(for path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? "./"
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return folder + ".\(name).\(getpid()).tmp"
  }

  /// Runs `write` on the temporary path, flushes it, then moves it to `path`; removes the
  /// temporary file when any step fails. Returns the reason of a failure.
  ///
  /// With `replacing` false a file already at `path` (or one that appears meanwhile) is
  /// left alone and the write fails with ``existsReason``.
  public static func write(to path: String, replacing: Bool = true, _ write: (String) -> String?) -> String? {
    let temporary = temporaryPath(for: path)
    if let reason = write(temporary) ?? flush(temporary) {
      unlink(temporary)
      return reason
    }
    let reason = moveIntoPlace(temporary, path, replacing: replacing)
    if reason != nil { unlink(temporary) }
    return reason
  }

  /// Writes `bytes` to `path` atomically (see ``write(to:replacing:_:)``), the temporary file
  /// created with `mode` (less the umask); throws the failing call's ``Errno``, which is
  /// ``Errno/fileExists`` when `replacing` is false and a file has the name.
  public static func write(
    _ bytes: some Collection<UInt8>, to path: String, replacing: Bool = true, mode: mode_t = 0o644
  ) throws(Errno) {
    let temporary = temporaryPath(for: path)
    do throws(Errno) {
      let file = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode: mode)
      defer { file.close() }
      try file.writeAll(bytes)
      try file.synchronize()
      try place(temporary, path, replacing: replacing)
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// Flushes the written file to the disk, so a crash after the rename cannot leave it empty.
  private static func flush(_ temporary: String) -> String? {
    do throws(Errno) {
      let file = try FileDescriptor.open(temporary, O_RDONLY)
      defer { file.close() }
      try file.synchronize()
      return nil
    } catch {
      return error.description
    }
  }

  /// Renames `temporary` to `path`, or, when not `replacing`, links it there (which fails
  /// rather than replace a file, whatever appeared meanwhile) and removes the temporary name.
  /// Returns the reason of a failure (``existsReason`` for a name taken); the temporary file is
  /// left for the caller then.
  public static func moveIntoPlace(_ temporary: String, _ path: String, replacing: Bool) -> String? {
    do throws(Errno) {
      try place(temporary, path, replacing: replacing)
      return nil
    } catch {
      return !replacing && error == .fileExists ? existsReason : error.description
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
