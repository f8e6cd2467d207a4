/// A key the user pressed, decoded from the terminal's bytes by ``KeyDecoder``.
public enum Key: Hashable, Sendable, CustomStringConvertible {
  /// A printable character, including spaces and non-ASCII text.
  case character(Character)
  /// Enter or Return.
  case enter
  /// Escape on its own.
  case escape
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Forward delete.
  case delete
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page up.
  case pageUp
  /// Page down.
  case pageDown
  /// A control key, by its lowercase letter: `.control("c")` is Ctrl-C.
  case control(Character)

  /// A readable name, such as `Ctrl-C` or `↑`.
  public var description: String {
    switch self {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .enter: "Enter"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .delete: "Delete"
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .control(let letter): "Ctrl-\(letter.uppercased())"
    }
  }

  /// The bytes a typical xterm-compatible terminal sends for this key, for scripted input.
  public var bytes: [UInt8] {
    switch self {
    case .character(let character): Array(String(character).utf8)
    case .enter: [0x0D]
    case .escape: [0x1B]
    case .backspace: [0x7F]
    case .tab: [0x09]
    case .backTab: Array("\u{1B}[Z".utf8)
    case .delete: Array("\u{1B}[3~".utf8)
    case .up: Array("\u{1B}[A".utf8)
    case .down: Array("\u{1B}[B".utf8)
    case .right: Array("\u{1B}[C".utf8)
    case .left: Array("\u{1B}[D".utf8)
    case .home: Array("\u{1B}[H".utf8)
    case .end: Array("\u{1B}[F".utf8)
    case .pageUp: Array("\u{1B}[5~".utf8)
    case .pageDown: Array("\u{1B}[6~".utf8)
    case .control(let letter):
      if let ascii = letter.lowercased().unicodeScalars.first?.value, (0x61...0x7A).contains(ascii) {
        [UInt8(ascii - 0x60)]
      } else {
        []
      }
    }
  }
}
