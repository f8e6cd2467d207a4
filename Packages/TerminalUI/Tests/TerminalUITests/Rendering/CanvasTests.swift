import Testing

@testable import TerminalUI

struct CanvasTests {
  @Test func displayWidths() {
    #expect(DisplayWidth.of("abc") == 3)
    #expect(DisplayWidth.of("日本") == 4)
    #expect(DisplayWidth.of("🙂") == 2)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("\u{200B}") == 0)
    #expect(DisplayWidth.of("❤\u{FE0F}") == 2)
    #expect(DisplayWidth.of("한국") == 4)
    #expect(DisplayWidth.of("ＡＢ") == 4)
  }

  @Test func truncateAndPad() {
    #expect(DisplayWidth.truncate("Hello world", to: 8) == "Hello w…")
    #expect(DisplayWidth.truncate("Hello", to: 5) == "Hello")
    #expect(DisplayWidth.truncate("日本語", to: 4) == "日…")
    #expect(DisplayWidth.pad("ab", to: 4) == "ab  ")
    #expect(DisplayWidth.pad("日本", to: 5) == "日本 ")
  }

  @Test func wideCharactersTakeTwoCells() {
    var canvas = Canvas(size: Size(width: 6, height: 1))
    #expect(canvas.put("日本x", at: Point(x: 0, y: 0)) == 5)
    #expect(canvas.text == "日本x")
    #expect(canvas[1, 0].isContinuation)
    #expect(canvas[4, 0].character == "x")
  }

  @Test func wideCharacterThatDoesNotFitIsLeftOut() {
    var canvas = Canvas(size: Size(width: 3, height: 1))
    #expect(canvas.put("a日本", at: Point(x: 0, y: 0)) == 3)
    #expect(canvas.text == "a日")
    var narrow = Canvas(size: Size(width: 4, height: 1))
    narrow.put("ab日", at: Point(x: 1, y: 0))
    #expect(narrow.text == " ab")
  }

  @Test func writingOverHalfAWideCharacterBlanksTheOtherHalf() {
    var canvas = Canvas(size: Size(width: 4, height: 1))
    canvas.put("日本", at: Point(x: 0, y: 0))
    canvas.set("x", x: 1, y: 0)
    #expect(canvas.text == " x本")
    canvas.set("y", x: 2, y: 0)
    #expect(canvas.text == " xy")
    #expect(!canvas[3, 0].isContinuation)
  }

  @Test func combiningMarksStayWithTheirLetter() {
    var canvas = Canvas(size: Size(width: 5, height: 1))
    canvas.put("e\u{301}a\u{308}x", at: Point(x: 0, y: 0))
    #expect(canvas[0, 0].character == "e\u{301}")
    #expect(canvas[1, 0].character == "a\u{308}")
    #expect(canvas[2, 0].character == "x")
  }

  @Test func controlCharactersAreShownAsReplacement() {
    var canvas = Canvas(size: Size(width: 5, height: 1))
    canvas.put("a\u{1B}b\tc", at: Point(x: 0, y: 0))
    #expect(canvas.text == "a\u{FFFD}b c")
  }

  @Test func drawingIsClipped() {
    var canvas = Canvas(size: Size(width: 4, height: 2))
    canvas.put("abcdef", at: Point(x: 2, y: 0))
    canvas.put("zz", at: Point(x: -1, y: 1))
    canvas.put("never", at: Point(x: 0, y: 5))
    #expect(canvas.lines == ["  ab", "z"])
  }

  @Test func boxWithTitle() {
    var canvas = Canvas(size: Size(width: 12, height: 3))
    canvas.box(Rect(x: 0, y: 0, width: 12, height: 3), title: "Hi")
    #expect(
      canvas.text == """
        ┌─ Hi ─────┐
        │          │
        └──────────┘
        """)
  }

  @Test func wrapping() {
    #expect(TextWrapper.wrap("The quick brown fox", width: 10) == ["The quick", "brown fox"])
    #expect(TextWrapper.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(TextWrapper.wrap("a\n\nb", width: 4) == ["a", "", "b"])
    #expect(TextWrapper.wrap("日本語テキスト", width: 6) == ["日本語", "テキス", "ト"])
    #expect(TextWrapper.wrap("one  two", width: 20) == ["one two"])
    #expect(TextWrapper.wrap("x", width: 0) == [])
  }

  @Test func colorModeFromEnvironment() {
    #expect(ColorMode(environment: [:]) == .palette256)
    #expect(ColorMode(environment: ["TERM": "xterm-256color"]) == .palette256)
    #expect(ColorMode(environment: ["COLORTERM": "truecolor"]) == .trueColor)
    #expect(ColorMode(environment: ["COLORTERM": "24bit"]) == .trueColor)
    #expect(ColorMode(environment: ["COLORTERM": "truecolor", "NO_COLOR": "1"]) == .gray)
    #expect(ColorMode(environment: ["NO_COLOR": ""]) == .palette256)
    #expect(ColorMode(environment: ["TERM": "dumb", "COLORTERM": "truecolor"]) == .gray)
  }

  @Test func nearestPaletteColors() {
    #expect(Color.nearestPaletteIndex(red: 0, green: 0, blue: 0) == 16)
    #expect(Color.nearestPaletteIndex(red: 255, green: 255, blue: 255) == 231)
    #expect(Color.nearestPaletteIndex(red: 255, green: 0, blue: 0) == 196)
    #expect(Color.nearestPaletteIndex(red: 128, green: 128, blue: 128) == 244)
  }
}
