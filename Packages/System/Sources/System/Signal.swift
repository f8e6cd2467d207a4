import SystemLibc

/// A signal number, with names for the signals the app sends, handles or ends by, so that no
/// package outside System spells libc's `SIG…` constants.
public struct Signal: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The signal's number.
  public let rawValue: Int32

  /// The signal with this number.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// SIGINT (Ctrl-C).
  public static let interrupt = Signal(rawValue: SIGINT)
  /// SIGTERM.
  public static let terminate = Signal(rawValue: SIGTERM)
  /// SIGHUP: the terminal went away.
  public static let hangUp = Signal(rawValue: SIGHUP)
  /// SIGQUIT.
  public static let quit = Signal(rawValue: SIGQUIT)
  /// SIGWINCH: the window changed size.
  public static let windowChanged = Signal(rawValue: SIGWINCH)
  /// SIGTSTP: suspend (job control).
  public static let suspend = Signal(rawValue: SIGTSTP)
  /// SIGKILL, which cannot be caught.
  public static let kill = Signal(rawValue: SIGKILL)
  /// SIGPIPE: the reader of a pipe has gone.
  public static let brokenPipe = Signal(rawValue: SIGPIPE)

  /// The signal's number, such as `15`.
  public var description: String { String(rawValue) }
}
