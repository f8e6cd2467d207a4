import CSystem
import SystemLibc

/// The process's handling of the signals a terminal program must survive: handlers that
/// report SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGTSTP as one byte on a pipe, crash
/// signals that restore the terminal first, and SIGPIPE ignored.
public enum ProcessSignals {
  /// Installs the handlers, writing each signal's number to `notify` (a non-blocking pipe),
  /// and unblocks the handled signals in this thread.
  public static func install(notifying notify: FileDescriptor) throws(Errno) {
    try syscall { csystem_install_signal_handlers(notify.rawValue) }
  }

  /// Unblocks the handled signals in this thread (and the threads it starts later), whatever
  /// mask the process inherited.
  public static func unblockHandled() { csystem_unblock_handled_signals() }

  /// Puts back the default disposition of every signal ``install(notifying:)`` touched.
  public static func reset() { csystem_reset_signal_handlers() }

  /// Ends the process by `signal` with its default action, as if it had not been caught,
  /// so its parent sees the signal; exits with 128 + `signal` should the signal not end it.
  public static func end(by signal: Signal) -> Never {
    csystem_raise_with_default_action(signal.rawValue)
    exit(128 + signal.rawValue)
  }

  /// Raises `signal` with its default action (unblocked), which may return for SIGTSTP and
  /// signals whose default is to ignore.
  public static func raiseWithDefaultAction(_ signal: Signal) {
    csystem_raise_with_default_action(signal.rawValue)
  }

  /// The handled signal a byte on the notification pipe stands for, nil for another byte.
  public static func handledSignal(notifiedBy byte: UInt8) -> Signal? {
    let signal = Signal(rawValue: Int32(byte))
    return [.windowChanged, .interrupt, .terminate, .hangUp, .quit, .suspend].contains(signal) ? signal : nil
  }

  /// Ignores SIGPIPE, so that a reader that goes away is an EPIPE to stop on, not a signal
  /// that kills the process.
  public static func ignoreBrokenPipe() { signal(SIGPIPE, SIG_IGN) }

  /// Stops the process (SIGSTOP, job control); returns once it is continued.
  public static func stopProcess() { csystem_stop_process() }
}
