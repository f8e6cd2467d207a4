import Navigation

/// The chrome around the screens: the breadcrumb, the footer of keys and the help text.
extension TerminalRouter {
  /// The global keys that work now, after the screen's own.
  /// Esc is left out when the screen says what Esc does itself (a prompt's "Esc cancel").
  public var globalKeyHints: [KeyHint] {
    var hints: [KeyHint] = []
    let screenNamesEsc = topScreen?.keyHints.contains { $0.keys == "Esc" } ?? false
    if let top = stack.top, top.style != .root, !screenNamesEsc { hints.append(KeyHint("Esc", "back")) }
    hints.append(KeyHint("?", "help"))
    if acceptsLinks { hints.append(KeyHint(":", "link")) }
    hints.append(KeyHint("q", "quit"))
    return hints
  }

  /// The stack's titles as a breadcrumb of at most `width` columns, eliding middle titles
  /// (`Main › … › Privacy Policy`) and then cutting the last one when it is too long.
  public func breadcrumb(width: Int) -> String {
    var titles = stack.entries.map(\.screen.title)
    if let appName { titles.insert(appName, at: 0) }
    let separator = " › "
    let full = titles.joined(separator: separator)
    if DisplayWidth.of(full) <= width || titles.count <= 1 { return DisplayWidth.truncate(full, to: width) }
    for dropCount in 1..<(titles.count - 1) {
      let candidate = ([titles[0], "…"] + titles[(1 + dropCount)...]).joined(separator: separator)
      if DisplayWidth.of(candidate) <= width { return candidate }
    }
    let last = titles[titles.count - 1]
    let prefix = "…" + separator
    return prefix + DisplayWidth.truncate(last, to: max(1, width - DisplayWidth.of(prefix)))
  }

  /// The footer: the hints that fit, in order, always ending with `? help` (which lists
  /// every key) when that fits at all.
  public func footer(width: Int) -> String {
    if linkField != nil {
      return Self.join([KeyHint("Enter", "open"), KeyHint("Esc", "cancel")], width: width)
    }
    if isHelpVisible { return Self.join([KeyHint("any key", "close help")], width: width) }
    let help = KeyHint("?", "help")
    let hints = (topScreen?.keyHints ?? []) + globalKeyHints
    let everything = Self.join(hints, width: width)
    if everything.hasSuffix(Self.text(of: hints.last ?? help)) { return everything }
    let helpWidth = DisplayWidth.of(Self.text(of: help)) + 2
    let others = hints.filter { $0 != help }
    let head = Self.join(others, width: max(0, width - helpWidth))
    return head.isEmpty ? Self.join([help], width: width) : head + "  " + Self.text(of: help)
  }

  private static func text(of hint: KeyHint) -> String { hint.keys + " " + hint.action }

  /// The hints, two spaces apart, as many as fit in `width` from the first.
  private static func join(_ hints: [KeyHint], width: Int) -> String {
    var text = ""
    for hint in hints {
      let piece = Self.text(of: hint)
      let candidate = text.isEmpty ? piece : text + "  " + piece
      if DisplayWidth.of(candidate) > width { break }
      text = candidate
    }
    return text
  }

  /// The help text: this screen's keys, then the keys that work everywhere.
  public func helpLines() -> [String] {
    var rows: [(String, String)] = []
    let screenHints = topScreen?.keyHints ?? []
    for hint in screenHints { rows.append((hint.keys, hint.action)) }
    var global: [(String, String)] = [
      ("Esc, Backspace", "go back"), ("q, Ctrl-C", "quit"), ("Ctrl-Z", "suspend"), ("?", "this help"),
    ]
    if let linkScheme, acceptsLinks { global.append((":", "open a link (\(linkScheme)…, or just its path)")) }
    let keyWidth = (rows + global).map { DisplayWidth.of($0.0) }.max() ?? 0
    var lines: [String] = []
    if !rows.isEmpty {
      lines.append("On this screen:")
      lines += rows.map { "  " + DisplayWidth.pad($0.0, to: keyWidth) + "  " + $0.1 }
      lines.append("")
    }
    lines.append("Everywhere:")
    lines += global.map { "  " + DisplayWidth.pad($0.0, to: keyWidth) + "  " + $0.1 }
    if let linkScheme, acceptsLinks, let link = stack.deepLink {
      lines += ["", "Link to this screen: \(linkScheme.text(for: link))"]
    }
    return lines
  }
}
