/// A row of buttons, one of them focused: `[ Back ]  [ Next ]`.
@MainActor
public struct ButtonRow {
  /// The buttons, left to right.
  public var buttons: [ScreenAction] {
    didSet { focus = Self.firstEnabled(from: min(focus, max(0, buttons.count - 1)), in: buttons) }
  }
  /// The index of the focused button.
  public private(set) var focus: Int

  /// Creates a row with the first enabled button focused.
  public init(_ buttons: [ScreenAction], focus: Int = 0) {
    self.buttons = buttons
    self.focus = Self.firstEnabled(from: focus, in: buttons)
  }

  /// Tab/→ and Shift-Tab/← move the focus (when there are two buttons or more), Enter presses
  /// the focused button, a button's key presses it. Returns whether the key was used.
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .tab, .right: return moveFocus(by: 1)
    case .backTab, .left: return moveFocus(by: -1)
    case .enter:
      guard buttons.indices.contains(focus), buttons[focus].isEnabled else { return false }
      buttons[focus].perform()
    case .character(let character):
      guard
        let index = buttons.firstIndex(where: {
          $0.isEnabled && $0.key?.lowercased() == character.lowercased()
        })
      else { return false }
      focus = index
      buttons[index].perform()
    default:
      return false
    }
    return true
  }

  /// The width the row takes.
  public var width: Int {
    buttons.reduce(0) { $0 + DisplayWidth.of($1.title) + 4 } + max(0, buttons.count - 1) * 2
  }

  /// Draws the row on one row of `canvas`, starting at `origin`.
  public func draw(into canvas: inout Canvas, at origin: Point) {
    var x = origin.x
    for (index, button) in buttons.enumerated() {
      var style = Style.plain
      if index == focus { style.reverse = true }
      if !button.isEnabled { style.dim = true }
      x += canvas.put("[ " + button.title + " ]", at: Point(x: x, y: origin.y), style: style) + 2
    }
  }

  /// The key hints for the row: its keys, then Tab and Enter.
  public var keyHints: [KeyHint] {
    var hints: [KeyHint] = []
    for button in buttons where button.isEnabled {
      if let key = button.key { hints.append(KeyHint(String(key), button.title.lowercased())) }
    }
    if buttons.count > 1 { hints.append(KeyHint("Tab", "next button")) }
    if !buttons.isEmpty { hints.append(KeyHint("Enter", "press")) }
    return hints
  }

  /// Moves the focus to the next enabled button; `false` when there is no other to move to.
  private mutating func moveFocus(by step: Int) -> Bool {
    guard buttons.filter(\.isEnabled).count > 1 else { return false }
    var index = focus
    repeat { index = (index + step + buttons.count) % buttons.count } while !buttons[index].isEnabled
    focus = index
    return true
  }

  private static func firstEnabled(from start: Int, in buttons: [ScreenAction]) -> Int {
    guard !buttons.isEmpty else { return 0 }
    let start = min(max(0, start), buttons.count - 1)
    return (start..<buttons.count).first { buttons[$0].isEnabled }
      ?? buttons.firstIndex(where: \.isEnabled) ?? start
  }
}
