import Foundation

/// Writes a file so that it appears whole or not at all: into a hidden temporary file in the
/// same folder, then moved to the final name once complete.
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
  static func temporaryPath(for path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
  }

  /// Runs `write` on the temporary path, then moves it to `path`; removes the temporary
  /// file when either fails. Returns the reason of a failure.
  ///
  /// With `replacing` false a file already at `path` (or one that appears meanwhile) is
  /// left alone and the write fails with ``existsReason``.
  public static func write(
    to path: String, replacing: Bool = true, _ write: (String) -> String?
  ) -> String? {
    let temporary = temporaryPath(for: path)
    if let reason = write(temporary) {
      unlink(temporary)
      return reason
    }
    let reason = moveIntoPlace(temporary, path, replacing: replacing)
    if reason != nil { unlink(temporary) }
    return reason
  }

  /// Renames `temporary` to `path`, or, when not `replacing`, links it there (which fails
  /// rather than replace a file, whatever appeared meanwhile) and removes the temporary name.
  /// Returns the reason of a failure; the temporary file is left for the caller then.
  static func moveIntoPlace(_ temporary: String, _ path: String, replacing: Bool) -> String? {
    if replacing {
      return rename(temporary, path) == 0 ? nil : String(cString: strerror(errno))
    }
    if link(temporary, path) == 0 {
      unlink(temporary)
      return nil
    }
    let code = errno
    if code == EEXIST { return existsReason }
    // A file system without hard links (FAT): the check and the rename are as close as it allows.
    guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP else {
      return String(cString: strerror(code))
    }
    var info = stat()
    if lstat(path, &info) == 0 { return existsReason }
    return rename(temporary, path) == 0 ? nil : String(cString: strerror(errno))
  }
}
