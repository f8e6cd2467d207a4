/// A screen with a few lines of text and a numbered menu.
///
/// ```
///  Find faces and name their emotions.
///
///  ▸ 1  Camera     live from /dev/video0
///    2  Video file
///    3  About
/// ```
/// ↑/↓ or j/k move, Enter picks, 1-9 pick directly. In line mode the items are the
/// numbered choices.
///
/// ```swift
/// let menu = MenuScreen(title: "Main", text: "What would you like to do?", items: [
///   ScreenAction("Camera") { [weak presenter] in presenter?.didSelectCamera() },
///   ScreenAction("About") { [weak presenter] in presenter?.didSelectAbout() },
/// ])
/// ```
@MainActor
open class MenuScreen: Screen {
  /// The breadcrumb title.
  public var title: String
  /// The text above the items; newlines start new lines.
  public var text: String
  /// The items.
  public var items: [ScreenAction] {
    didSet { selection = min(selection, max(0, items.count - 1)) }
  }
  /// The index of the highlighted item.
  public var selection: Int
  private var scrollOffset = 0

  /// Creates a menu screen with the first item highlighted.
  public init(title: String, text: String = "", items: [ScreenAction]) {
    self.title = title
    self.text = text
    self.items = items
    selection = items.firstIndex(where: \.isEnabled) ?? 0
  }

  /// Draws the text, then the items, scrolling the items to keep the selection visible.
  open func draw(into canvas: inout Canvas) {
    let textLines = text.isEmpty ? [] : TextWrapper.wrap(text, width: max(1, canvas.width - 2)) + [""]
    for (row, line) in textLines.enumerated() where row < canvas.height {
      canvas.put(line, at: Point(x: 1, y: row))
    }
    let top = min(textLines.count, max(0, canvas.height - 1))
    let visible = max(1, canvas.height - top)
    if selection < scrollOffset { scrollOffset = selection }
    if selection >= scrollOffset + visible { scrollOffset = selection - visible + 1 }
    scrollOffset = max(0, min(scrollOffset, max(0, items.count - visible)))
    let titleWidth = min(items.map { DisplayWidth.of($0.title) }.max() ?? 0, max(1, canvas.width / 2))
    let numberWidth = String(items.count).count
    for row in 0..<min(visible, items.count - scrollOffset) {
      let index = scrollOffset + row
      let item = items[index]
      let selected = index == selection
      var style = Style.plain
      if selected { style.reverse = true }
      if !item.isEnabled { style.dim = true }
      let number = String(repeating: " ", count: numberWidth - String(index + 1).count) + String(index + 1)
      var line = (selected ? "▸ " : "  ") + number + "  " + DisplayWidth.pad(item.title, to: titleWidth)
      if let detail = item.detail { line += "  " + detail }
      let y = top + row
      canvas.put(DisplayWidth.truncate(line, to: canvas.width - 2), at: Point(x: 1, y: y), style: style)
    }
    if scrollOffset > 0 { canvas.set("↑", x: canvas.width - 1, y: top) }
    if scrollOffset + visible < items.count { canvas.set("↓", x: canvas.width - 1, y: top + visible - 1) }
  }

  /// Moves the selection, picks an item, or picks by number.
  open func handle(_ key: Key) -> Bool {
    switch key {
    case .up, .character("k"): moveSelection(by: -1)
    case .down, .character("j"): moveSelection(by: 1)
    case .home: selection = items.firstIndex(where: \.isEnabled) ?? 0
    case .end: selection = items.lastIndex(where: \.isEnabled) ?? 0
    case .enter: activate(selection)
    case .character(let character):
      if let digit = character.wholeNumberValue, digit >= 1, digit <= items.count, items.count <= 9 {
        selection = digit - 1
        activate(digit - 1)
      } else if let index = items.firstIndex(where: {
        $0.isEnabled && $0.key?.lowercased() == character.lowercased()
      }) {
        selection = index
        activate(index)
      } else {
        return false
      }
    default: return false
    }
    return true
  }

  /// Move, open and choose by number.
  open var keyHints: [KeyHint] {
    var hints = [KeyHint("↑↓", "move"), KeyHint("Enter", "open")]
    if items.count > 1, items.count <= 9 { hints.append(KeyHint("1-\(items.count)", "choose")) }
    return hints
  }

  /// The text, with the items as choices.
  open func linePage(width: Int) -> LinePage {
    LinePage(
      lines: text.isEmpty ? [] : TextWrapper.wrap(text, width: width),
      choices: items.map { item in
        var choice = item.title
        if let detail = item.detail { choice += " — " + detail }
        if !item.isEnabled { choice += " (unavailable)" }
        return choice
      })
  }

  /// A choice number picks that item.
  open func handleLine(_ line: String) -> LineCommandResult {
    guard let index = LineCommandResult.choiceIndex(line, count: items.count) else {
      return .invalidChoice(count: items.count)
    }
    guard items[index].isEnabled else { return .rejected("“\(items[index].title)” is not available.") }
    selection = index
    items[index].perform()
    return .handled
  }

  private func moveSelection(by step: Int) {
    guard items.contains(where: \.isEnabled) else { return }
    var index = selection
    repeat {
      index += step
      if index < 0 || index >= items.count { return }
    } while !items[index].isEnabled
    selection = index
  }

  private func activate(_ index: Int) {
    guard items.indices.contains(index), items[index].isEnabled else { return }
    items[index].perform()
  }
}
