import System

/// Everything TerminalUI needs from the operating system, behind one protocol.
///
/// ``SystemTerminal`` is the real implementation (termios, `poll`, `TIOCGWINSZ`, signals);
/// `VirtualTerminal` (TerminalUITesting) uses an in-memory one so tests run whole sessions without a terminal.
@MainActor
public protocol TerminalDevice: AnyObject {
  /// Whether standard input is a terminal.
  var isInputTerminal: Bool { get }
  /// Whether standard output is a terminal.
  var isOutputTerminal: Bool { get }
  /// The environment, for `NO_COLOR`, `TERM` and `COLORTERM`.
  var environment: [String: String] { get }

  /// The terminal's size in cells, or `nil` when unknown.
  func windowSize() -> Size?

  /// Raw mode (no echo, no line editing, no signal keys), the alternate screen and a hidden
  /// cursor. Undone by ``restore()``.
  func enterFullScreen() throws(SystemCallError)

  /// Puts the terminal back as it was: leaves the alternate screen, shows the cursor, restores
  /// the saved settings. Safe to call more than once and after the output was closed.
  func restore()

  /// Starts delivering SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGTSTP as
  /// ``DeviceEvent/signal(_:)``.
  func startSignalHandling() throws(SystemCallError)

  /// Puts the default signal handling back.
  func stopSignalHandling()

  /// Stops the process for job control (as Ctrl-Z does) and returns when it is continued.
  /// The caller restores the terminal first and sets it up again afterwards.
  func suspendProcess()

  /// Writes all of `bytes` to standard output.
  func write(_ bytes: [UInt8]) throws(SystemCallError)

  /// Waits until input arrives, a signal or wake-up comes, or `timeout` passes (`nil`: no limit).
  func waitForEvents(timeout: Duration?) throws(SystemCallError) -> [DeviceEvent]

  /// A handle any thread may use to wake ``waitForEvents(timeout:)``.
  var waker: any TerminalWaker { get }

  /// A monotonic clock reading, for timers.
  func now() -> Duration

  /// A cell's size in pixels when the device knows it without asking the terminal (the
  /// pixel fields of `TIOCGWINSZ`); nil otherwise.
  func cellPixelSize() -> Size?
}

extension TerminalDevice {
  /// A cell's size in pixels when the device knows it without asking the terminal; nil by
  /// default.
  public func cellPixelSize() -> Size? { nil }
}
