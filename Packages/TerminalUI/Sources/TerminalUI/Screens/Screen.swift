import Navigation

/// A screen the ``TerminalRouter`` can show: it draws itself, handles keys, names its keys
/// for the footer, and has a plain-text form for line mode.
///
/// Screens know nothing of navigation. They report what the user wants through closures or
/// a delegate that their owner (a presenter) sets, and the owner decides what happens.
/// The router redraws after every key, line, timer and posted job, so a screen only changes
/// its state; it never asks to be redrawn.
///
/// Every requirement except ``draw(into:)`` has a default, so a minimal screen is:
///
/// ```swift
/// final class ClockView: Screen {
///   let title = "Clock"
///   var time = "12:00"
///   func draw(into canvas: inout Canvas) { canvas.put(time, at: Point(x: 2, y: 1), style: .bold) }
/// }
/// ```
@MainActor
public protocol Screen: Presentable {
  /// Draws the screen into `canvas`, which is exactly the size of the screen's area.
  func draw(into canvas: inout Canvas)

  /// Handles a key in full-screen mode.
  ///
  /// - Returns: `true` when the screen used the key. Keys it does not use go to the router:
  ///   Esc and Backspace go back, `q` quits, `?` shows help and `:` opens the link prompt.
  func handle(_ key: Key) -> Bool

  /// The keys that work on this screen, shown in the footer and the help overlay.
  var keyHints: [KeyHint] { get }

  /// The screen as plain text for line mode: lines to print and numbered choices.
  func linePage(width: Int) -> LinePage

  /// Handles one line of line-mode input that is not `back`, `quit`, `help` or `:<link>`,
  /// such as a choice number or the text for a prompt.
  func handleLine(_ line: String) -> LineCommandResult

  /// The size the screen would like when shown modally, given the space available.
  func preferredModalSize(in available: Size) -> Size

  /// Lines the screen has produced since the last call, to print once in line mode, such
  /// as one line per processed video frame. The router takes them after every event, from
  /// every screen on the stack, and prints them before its messages; in full-screen mode it
  /// takes and drops them, so a screen's buffer never grows.
  func takeLineOutput() -> [String]
}

extension Screen {
  /// Uses no keys.
  public func handle(_ key: Key) -> Bool { false }

  /// No keys of its own.
  public var keyHints: [KeyHint] { [] }

  /// The full-screen drawing as text, without choices.
  public func linePage(width: Int) -> LinePage {
    var canvas = Canvas(size: Size(width: width, height: 40), colorMode: .gray)
    draw(into: &canvas)
    var lines = canvas.lines
    while lines.last?.isEmpty == true { lines.removeLast() }
    return LinePage(lines: lines)
  }

  /// Rejects every line.
  public func handleLine(_ line: String) -> LineCommandResult {
    .invalidChoice(count: 0)
  }

  /// No lines of its own.
  public func takeLineOutput() -> [String] { [] }

  /// Two thirds of the width and half of the height available, at least 40x8.
  public func preferredModalSize(in available: Size) -> Size {
    Size(
      width: min(available.width, max(40, available.width * 2 / 3)),
      height: min(available.height, max(8, available.height / 2)))
  }
}
