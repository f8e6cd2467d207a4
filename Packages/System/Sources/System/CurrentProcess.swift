import CSystem
import SystemLibc

/// This process: its id, its environment, and the ways it ends.
public enum CurrentProcess {
  /// The process id.
  public static var identifier: Int32 { getpid() }

  /// The environment as `NAME: value`, read from `environ` (without Foundation).
  public static var environment: [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }

  /// Ends the process with `status`, running the `atexit` handlers (the terminal's restore).
  public static func exit(status: Int32) -> Never {
    SystemLibc.exit(status)
  }

  /// Ends the process at once with SIGKILL, as `kill -9` does: no handler, no flush, no
  /// clean-up. For tests that stop a run exactly where a crash would.
  public static func killImmediately() -> Never {
    SystemLibc.kill(getpid(), SIGKILL)
    // SIGKILL cannot be caught or blocked; this is never reached.
    SystemLibc.abort()
  }
}
