import CSystem
import SystemLibc

/// How a child process ended: with an exit code, or killed by a signal.
public enum ExitStatus: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// It exited with this code.
  case exited(Int32)
  /// This signal ended it.
  case signaled(Int32)

  /// The status `waitpid` reported.
  init(waitStatus: Int32) {
    let signal = csystem_terminating_signal(waitStatus)
    self = signal != 0 ? .signaled(signal) : .exited(max(0, csystem_exit_code(waitStatus)))
  }

  /// The exit code, or 128 + the signal number, as a shell's `$?` gives it.
  public var shellStatus: Int32 {
    switch self {
    case .exited(let code): code
    case .signaled(let signal): 128 + signal
    }
  }

  /// `exited(0)` or `signaled(15)`.
  public var description: String {
    switch self {
    case .exited(let code): "exited(\(code))"
    case .signaled(let signal): "signaled(\(signal))"
    }
  }
}
