import TerminalUITesting
import Testing

@testable import TerminalUI

struct ScreenEmulatorTests {
  private func screen(_ text: String, width: Int = 6, height: Int = 3) -> ScreenEmulator {
    var emulator = ScreenEmulator(size: Size(width: width, height: height))
    emulator.feed(Array(text.utf8))
    return emulator
  }

  @Test func cursorMovesAndClears() {
    #expect(screen("ab\u{1B}[2;3Hc\u{1B}[3;1Hxyz").grid.lines == ["ab", "  c", "xyz"])
    #expect(screen("abcdef\u{1B}[1;3H\u{1B}[K").grid.lines == ["ab", "", ""])
    #expect(screen("abc\r\ndef\u{1B}[2J").grid.lines == ["", "", ""])
    #expect(screen("abc\u{1B}[1;2H\u{1B}[J").grid.lines == ["a", "", ""])
  }

  @Test func wrapsAndScrolls() {
    #expect(screen("abcdefgh").grid.lines == ["abcdef", "gh", ""])
    #expect(screen("1\r\n2\r\n3\r\n4").grid.lines == ["2", "3", "4"])
  }

  @Test func stylesAreTracked() {
    let emulator = screen("\u{1B}[0;1;7ma\u{1B}[0;38;2;1;2;3mb\u{1B}[0;48;5;42mc\u{1B}[0md")
    #expect(emulator.grid[0, 0].style == Style(bold: true, reverse: true))
    #expect(emulator.grid[1, 0].style == Style(foreground: .rgb(1, 2, 3)))
    #expect(emulator.grid[2, 0].style == Style(background: .palette(42)))
    #expect(emulator.grid[3, 0].style == .plain)
  }

  @Test func alternateScreenAndCursor() {
    var emulator = screen("main")
    emulator.feed(Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[Halt".utf8))
    #expect(emulator.alternateActive)
    #expect(!emulator.cursorVisible)
    #expect(emulator.grid.lines[0] == "alt")
    emulator.feed(Array("\u{1B}[?25h\u{1B}[?1049l".utf8))
    #expect(emulator.grid.lines[0] == "main")
    #expect(emulator.cursorVisible)
  }

  @Test func wideAndCombiningCharacters() {
    #expect(screen("日本語x").grid.lines == ["日本語", "x", ""])
    #expect(screen("abcdee\u{301}").grid.lines[0] == "abcdeé")
    #expect(screen("日e\u{301}").grid[2, 0].character == "é")
  }

  @Test func utf8SplitAcrossFeeds() {
    var emulator = ScreenEmulator(size: Size(width: 4, height: 1))
    emulator.feed([0xE6, 0x97])
    emulator.feed([0xA5])
    #expect(emulator.grid.lines == ["日"])
  }
}
