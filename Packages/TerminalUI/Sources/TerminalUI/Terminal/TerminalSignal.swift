/// The signals the run loop handles.
public enum TerminalSignal: String, Hashable, Sendable {
  /// SIGWINCH: the window changed size.
  case windowChanged
  /// SIGINT.
  case interrupt
  /// SIGTERM.
  case terminate
  /// SIGHUP: the terminal went away.
  case hangUp
  /// SIGQUIT.
  case quit
  /// SIGTSTP: suspend (job control); the app restores the terminal, stops, and redraws when
  /// continued.
  case suspend
}
