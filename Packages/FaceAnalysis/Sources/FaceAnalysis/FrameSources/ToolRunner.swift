import Foundation
import System

/// Finds ffmpeg and starts it as System's ``Subprocess``, for ``VideoWriter``.
///
/// A `Subprocess` rather than Foundation's `Process`: the source owns the exact pid it waits
/// for, no run loop or background reaper is involved, stdout is a plain pipe read
/// synchronously, stderr goes to a temporary file (so a chatty child can never block on a full
/// pipe), and signal dispositions are reset in the child so SIGPIPE and SIGINT stop it even
/// when this process ignores them.
enum ToolRunner {
  /// The executable's full path: `name` itself when it contains a slash, else the first
  /// match on `PATH`.
  static func locate(_ name: String) throws(FrameSourceError) -> String {
    if name.contains("/") {
      guard POSIX.isExecutable(name) else { throw FrameSourceError.toolMissing(tool: name) }
      return name
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = "\(folder)/\(name)"
      if POSIX.isExecutable(candidate) { return candidate }
    }
    throw FrameSourceError.toolMissing(tool: name)
  }

  /// How long a child stopped early gets between SIGTERM and SIGKILL.
  static let stopGrace = Duration.milliseconds(500)

  /// Starts `executable` as `tool` with `arguments`, fed through a pipe on its stdin, stderr
  /// written to `errorFile` and stdout on `/dev/null`, and tracks it for ``ProcessCleanup``.
  /// Its pipe holds 1 MiB (the limit for unprivileged processes), so this process can run a
  /// frame or more ahead of the child instead of 64 KiB.
  static func spawn(
    executable: String, tool: String, arguments: [String], errorFile: String
  ) throws(Errno) -> Subprocess {
    let child = try Subprocess(
      executable: executable, arguments: [tool] + arguments, standardInput: .pipe,
      standardOutput: .nullDevice,
      standardError: .file(errorFile))
    child.standardInput?.requestPipeCapacity(1 << 20)
    ProcessCleanup.track(child)
    return child
  }
}
