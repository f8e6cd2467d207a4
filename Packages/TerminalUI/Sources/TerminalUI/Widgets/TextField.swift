/// An editable line of text with a cursor, for prompts.
///
/// Keys: ←/→, Home/End (and Ctrl-A/Ctrl-E), Backspace, Delete, Ctrl-U (clear before the
/// cursor), Ctrl-K (clear after), Ctrl-W (delete the word before), and any printable text.
public struct TextField: Hashable, Sendable {
  /// The text.
  public private(set) var characters: [Character]
  /// The cursor, as an index into ``characters`` (0 to count).
  public private(set) var cursor: Int

  /// Creates a field holding `text`, with the cursor at its end.
  public init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  /// The text as a string.
  public var text: String {
    get { String(characters) }
    set {
      characters = Array(newValue)
      cursor = characters.count
    }
  }

  /// Applies an editing key. Returns whether the key was an editing key.
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      characters.insert(character, at: cursor)
      cursor += 1
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(characters.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .backspace:
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case .delete, .control("d"):
      if cursor < characters.count { characters.remove(at: cursor) }
    case .control("u"):
      characters.removeFirst(cursor)
      cursor = 0
    case .control("k"):
      characters.removeLast(characters.count - cursor)
    case .control("w"):
      var start = cursor
      while start > 0, characters[start - 1] == " " { start -= 1 }
      while start > 0, characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    default:
      return false
    }
    return true
  }

  /// Draws the field on one row of `canvas` from `origin`, `width` columns wide, scrolled so
  /// the cursor shows; the cursor is a reversed cell.
  public func draw(into canvas: inout Canvas, at origin: Point, width: Int, style: Style = .underline) {
    guard width > 1 else { return }
    // Scroll so that the cursor and the cell after it stay visible.
    var start = 0
    while DisplayWidth.of(String(characters[start..<cursor])) > width - 1 { start += 1 }
    var x = origin.x
    canvas.fill(Rect(x: origin.x, y: origin.y, width: width, height: 1), style: style)
    for index in start..<characters.count {
      let columns = DisplayWidth.of(characters[index])
      if x + columns > origin.x + width { break }
      var cellStyle = style
      if index == cursor { cellStyle.reverse = true }
      canvas.set(characters[index], x: x, y: origin.y, style: cellStyle)
      x += max(columns, 1)
    }
    if cursor == characters.count, x < origin.x + width {
      var cursorStyle = style
      cursorStyle.reverse = true
      canvas.set(" ", x: x, y: origin.y, style: cursorStyle)
    }
  }
}
