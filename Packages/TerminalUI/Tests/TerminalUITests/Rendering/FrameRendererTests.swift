import TerminalUITesting
import Testing

@testable import TerminalUI

struct FrameRendererTests {
  private let begin = "\u{1B}[?2026h"
  private let end = "\u{1B}[?2026l"

  private func frame(_ rows: [String], width: Int = 10, mode: ColorMode = .palette256) -> Canvas {
    var canvas = Canvas(size: Size(width: width, height: rows.count), colorMode: mode)
    for (y, row) in rows.enumerated() { canvas.put(row, at: Point(x: 0, y: y)) }
    return canvas
  }

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func firstFrameClearsAndWritesOnlyNonBlankCells() {
    var renderer = FrameRenderer()
    let bytes = renderer.render(frame(["Hi", "", "  ok"]))
    #expect(text(bytes) == begin + "\u{1B}[0m\u{1B}[H\u{1B}[2J" + "\u{1B}[1;1HHi" + "\u{1B}[3;3Hok" + end)
  }

  @Test func unchangedFrameWritesNothing() {
    var renderer = FrameRenderer()
    _ = renderer.render(frame(["Hi"]))
    #expect(renderer.render(frame(["Hi"])) == [])
  }

  @Test func onlyTheChangedCellIsWritten() {
    var renderer = FrameRenderer()
    _ = renderer.render(frame(["Hello", "World"]))
    #expect(text(renderer.render(frame(["Hello", "Wordy"]))) == begin + "\u{1B}[2;4Hdy" + end)
  }

  @Test func shortGapsAreRewrittenInsteadOfMovingTheCursor() {
    var renderer = FrameRenderer()
    _ = renderer.render(frame(["abcdefghij"]))
    #expect(text(renderer.render(frame(["XbcDefghij"]))) == begin + "\u{1B}[1;1HXbcD" + end)
    #expect(text(renderer.render(frame(["YbcDefghiZ"]))) == begin + "\u{1B}[1;1HY\u{1B}[1;10HZ" + end)
  }

  @Test func styleChangesAreWrittenAndResetAtTheEnd() {
    var renderer = FrameRenderer()
    _ = renderer.render(frame(["Hi there"]))
    var next = frame(["Hi there"])
    next.put("Hi", at: Point(x: 0, y: 0), style: .bold)
    #expect(text(renderer.render(next)) == begin + "\u{1B}[1;1H\u{1B}[0;1mHi\u{1B}[0m" + end)
  }

  @Test func colorsFollowTheColorMode() {
    let red = Style(foreground: .rgb(255, 0, 0))
    for (mode, expected) in [
      (ColorMode.trueColor, "\u{1B}[0;38;2;255;0;0mx\u{1B}[0m"),
      (.palette256, "\u{1B}[0;38;5;196mx\u{1B}[0m"),
      (.gray, "x"),
    ] {
      var renderer = FrameRenderer()
      _ = renderer.render(Canvas(size: Size(width: 3, height: 1), colorMode: mode))
      var next = Canvas(size: Size(width: 3, height: 1), colorMode: mode)
      next.put("x", at: Point(x: 1, y: 0), style: red)
      #expect(text(renderer.render(next)) == begin + "\u{1B}[1;2H" + expected + end, "\(mode)")
    }
  }

  @Test func wideCharactersAreWrittenOnceAndReplacedWhole() {
    var renderer = FrameRenderer()
    _ = renderer.render(frame(["ab"], width: 4))
    #expect(text(renderer.render(frame(["日"], width: 4))) == begin + "\u{1B}[1;1H日" + end)
    #expect(text(renderer.render(frame(["xy"], width: 4))) == begin + "\u{1B}[1;1Hxy" + end)
  }

  @Test func aNewSizeRedrawsEverything() {
    var renderer = FrameRenderer()
    _ = renderer.render(frame(["abc"], width: 5))
    #expect(
      text(renderer.render(frame(["abc"], width: 6)))
        == begin + "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;1Habc" + end)
  }

  @Test func invalidateRedrawsEverything() {
    var renderer = FrameRenderer()
    _ = renderer.render(frame(["abc"]))
    renderer.invalidate()
    #expect(text(renderer.render(frame(["abc"]))) == begin + "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;1Habc" + end)
  }

  @Test func emulatorShowsWhatTheRendererDrew() {
    var renderer = FrameRenderer()
    var emulator = ScreenEmulator(size: Size(width: 10, height: 2))
    let frames = [["Hello", "日本 ok"], ["Help", "e\u{301}t\u{e9}"], ["", "🙂!"]]
    for rows in frames {
      let canvas = frame(rows)
      emulator.feed(renderer.render(canvas))
      #expect(emulator.grid.lines == canvas.lines)
    }
  }
}
