import Foundation

/// Writes a file so that it appears whole or not at all: into a hidden temporary file in the
/// same folder, renamed over the final name once complete.
enum AtomicFile {
  /// The temporary name beside `path`: `.<name>.<pid>.tmp`.
  static func temporaryPath(for path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
  }

  /// Runs `write` on the temporary path, then renames it to `path`; removes the temporary
  /// file when either fails. Returns the reason of a failure.
  static func write(to path: String, _ write: (String) -> String?) -> String? {
    let temporary = temporaryPath(for: path)
    if let reason = write(temporary) {
      unlink(temporary)
      return reason
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      return reason
    }
    return nil
  }
}
