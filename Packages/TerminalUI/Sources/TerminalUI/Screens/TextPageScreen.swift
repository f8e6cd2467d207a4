/// A page of wrapped, scrollable text with a row of buttons under it, for documents such as
/// terms of use.
///
/// ↑/↓ or j/k scroll a line, PgUp/PgDn or Space a page, Home/End to the ends; Tab or ←/→
/// move between buttons, Enter presses one, and each button's key presses it directly.
/// In line mode the whole text is printed and the buttons are the numbered choices.
@MainActor
open class TextPageScreen: Screen {
  /// The breadcrumb title.
  public var title: String
  /// The text; newlines start new lines, empty lines separate paragraphs.
  public var text: String {
    didSet { scrollOffset = 0 }
  }
  /// The buttons under the text.
  public var buttons: ButtonRow
  /// The first line of text shown.
  public private(set) var scrollOffset = 0
  private var lastPageHeight = 10
  private var lastLineCount = 0

  /// Creates a page.
  public init(title: String, text: String, buttons: [ScreenAction]) {
    self.title = title
    self.text = text
    self.buttons = ButtonRow(buttons)
  }

  /// Draws the visible text, a scroll position line and the buttons.
  open func draw(into canvas: inout Canvas) {
    let lines = TextWrapper.wrap(text, width: max(1, canvas.width - 2))
    let pageHeight = max(1, canvas.height - (buttons.buttons.isEmpty ? 1 : 2))
    lastPageHeight = pageHeight
    lastLineCount = lines.count
    scrollOffset = max(0, min(scrollOffset, lines.count - pageHeight))
    for row in 0..<pageHeight where scrollOffset + row < lines.count {
      canvas.put(lines[scrollOffset + row], at: Point(x: 1, y: row))
    }
    if lines.count > pageHeight, canvas.height > 1 {
      let end = min(lines.count, scrollOffset + pageHeight)
      let position = "lines \(scrollOffset + 1)-\(end) of \(lines.count)"
      canvas.put(
        position, at: Point(x: max(0, canvas.width - DisplayWidth.of(position) - 1), y: pageHeight),
        style: .dim)
    }
    if !buttons.buttons.isEmpty {
      buttons.draw(into: &canvas, at: Point(x: 1, y: canvas.height - 1))
    }
  }

  /// Scrolls, or passes the key to the buttons.
  open func handle(_ key: Key) -> Bool {
    switch key {
    case .up, .character("k"): scroll(by: -1)
    case .down, .character("j"): scroll(by: 1)
    case .pageUp: scroll(by: -max(1, lastPageHeight - 1))
    case .pageDown, .character(" "): scroll(by: max(1, lastPageHeight - 1))
    case .home: scrollOffset = 0
    case .end: scrollOffset = max(0, lastLineCount - lastPageHeight)
    default: return buttons.handle(key)
    }
    return true
  }

  /// Scrolling keys and the buttons' keys.
  open var keyHints: [KeyHint] {
    let scrolls = lastLineCount > lastPageHeight
    return (scrolls ? [KeyHint("↑↓", "scroll"), KeyHint("Space", "page")] : []) + buttons.keyHints
  }

  /// The whole text, with the buttons as choices.
  open func linePage(width: Int) -> LinePage {
    LinePage(lines: TextWrapper.wrap(text, width: width), choices: buttons.buttons.map(\.title))
  }

  /// A choice number presses that button.
  open func handleLine(_ line: String) -> LineCommandResult {
    guard let index = LineCommandResult.choiceIndex(line, count: buttons.buttons.count) else {
      return .invalidChoice(count: buttons.buttons.count)
    }
    guard buttons.buttons[index].isEnabled else { return .rejected("That is not available now.") }
    buttons.buttons[index].perform()
    return .handled
  }

  private func scroll(by lines: Int) {
    scrollOffset = max(0, min(scrollOffset + lines, lastLineCount - lastPageHeight))
  }
}
