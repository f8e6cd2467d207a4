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

  /// The running program's file, its links resolved (`/proc/self/exe`), or nil when Linux
  /// does not say.
  public static var executablePath: String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
