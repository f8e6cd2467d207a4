import CSystem
import SystemLibc

/// The terminal's settings and size, with termios and `ioctl(TIOCGWINSZ)`.
public enum TerminalControl {
  /// A terminal window's size in cells, and in pixels when the terminal says (else 0).
  public struct WindowSize: Equatable, Sendable {
    /// Rows of cells.
    public var rows: Int
    /// Columns of cells.
    public var columns: Int
    /// The window's width in pixels; 0 when the terminal leaves it unset.
    public var pixelWidth: Int
    /// The window's height in pixels; 0 when the terminal leaves it unset.
    public var pixelHeight: Int
  }

  /// The size of the terminal on `descriptor`, nil when it is not a terminal.
  public static func windowSize(of descriptor: FileDescriptor) -> WindowSize? {
    var rows: UInt16 = 0
    var columns: UInt16 = 0
    var width: UInt16 = 0
    var height: UInt16 = 0
    guard csystem_window_size(descriptor.rawValue, &rows, &columns, &width, &height) == 0 else { return nil }
    return WindowSize(
      rows: Int(rows), columns: Int(columns), pixelWidth: Int(width), pixelHeight: Int(height))
  }

  /// The settings of the terminal on `descriptor` (`tcgetattr`).
  public static func settings(of descriptor: FileDescriptor) throws(SystemCallError) -> termios {
    var settings = termios()
    try syscall(named: "tcgetattr") { tcgetattr(descriptor.rawValue, &settings) }
    return settings
  }

  /// Puts the terminal on `input` in raw mode: no echo, no line editing, no signals from
  /// keys, bytes delivered one at a time.
  public static func enterRawMode(_ input: FileDescriptor) throws(SystemCallError) {
    var settings = try settings(of: input)
    settings.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    settings.c_cflag |= tcflag_t(CS8)
    settings.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    try syscall(named: "tcsetattr") { tcsetattr(input.rawValue, TCSADRAIN, &settings) }
  }
}
