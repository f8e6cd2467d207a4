import System
import TerminalUI

/// The in-memory device behind ``VirtualTerminal``.
@MainActor
final class VirtualDevice: TerminalDevice {
  var size: Size
  let isInputTerminal: Bool
  let isOutputTerminal: Bool
  let environment: [String: String]
  var emulator: ScreenEmulator
  var output: [UInt8] = []
  var frames: [String] = []
  var time: Duration = .zero
  var isFullScreen = false
  var suspensions = 0
  let waker: any TerminalWaker = NoWaker()

  init(size: Size, isTerminal: Bool, environment: [String: String]) {
    self.size = size
    isInputTerminal = isTerminal
    isOutputTerminal = isTerminal
    self.environment = environment
    emulator = ScreenEmulator(size: size)
  }

  func windowSize() -> Size? { isOutputTerminal ? size : nil }

  func enterFullScreen() throws(SystemCallError) {
    isFullScreen = true
    try write(Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J".utf8))
  }

  func restore() {
    guard isFullScreen else { return }
    isFullScreen = false
    try? write(Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8))
  }

  func startSignalHandling() throws(SystemCallError) {}

  func stopSignalHandling() {}

  func suspendProcess() { suspensions += 1 }

  func write(_ bytes: [UInt8]) throws(SystemCallError) {
    output += bytes
    emulator.feed(bytes)
    frames.append(emulator.grid.text)
  }

  func waitForEvents(timeout: Duration?) throws(SystemCallError) -> [DeviceEvent] {
    let replies = emulator.takeReplies()
    if !replies.isEmpty { return [.input(replies)] }
    if let timeout { time += timeout }
    return []
  }

  /// A cell's size in pixels as the device reports it (`TIOCGWINSZ`); nil: unknown.
  var cellPixels: Size?

  func cellPixelSize() -> Size? { cellPixels }

  func now() -> Duration { time }
}

/// Nothing to wake: a virtual terminal runs posted jobs when the test asks.
private struct NoWaker: TerminalWaker {
  func wake() {}
}
