import Navigation

/// What the router shows around its screens: the breadcrumb after the app's name, the
/// message line, the footer of keys, the help overlay, and the colors they are drawn in.
/// A value: the router owns one and hands it the stack's titles and the screen's keys.
struct RouterChrome {
  /// A message shown above the footer until the next key (printed once in line mode).
  struct Message: Hashable, Sendable {
    /// The text.
    var text: String
    /// Info or error.
    var kind: TerminalRouter.MessageKind
  }

  /// Shown before the breadcrumb, such as the app's name; `nil` for none.
  var appName: String?
  /// The colors the terminal shows.
  var colorMode: ColorMode = .palette256
  /// The message shown now, if any.
  var message: Message?
  /// Whether the help overlay is shown.
  var isHelpVisible = false

  /// `titles` (the stack's, bottom first) after the app's name as a breadcrumb of at most
  /// `width` columns, eliding middle titles (`Main › … › Privacy Policy`) and then cutting the
  /// last one when it is too long.
  func breadcrumb(titles stackTitles: [String], width: Int) -> String {
    var titles = stackTitles
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

  /// The global keys that work now, after the screen's own. Esc is left out at the root and
  /// when the screen says what Esc does itself (a prompt's "Esc cancel").
  static func globalKeyHints(canGoBack: Bool, screenHints: [KeyHint], acceptsLinks: Bool) -> [KeyHint] {
    var hints: [KeyHint] = []
    if canGoBack, !screenHints.contains(where: { $0.keys == "Esc" }) { hints.append(KeyHint("Esc", "back")) }
    hints.append(KeyHint("?", "help"))
    if acceptsLinks { hints.append(KeyHint(":", "link")) }
    hints.append(KeyHint("q", "quit"))
    return hints
  }

  /// The footer: the link prompt's keys while it is open, the help's while it shows, else
  /// `hints` that fit, in order, always ending with `? help` (which lists every key) when that
  /// fits at all.
  func footer(hints: [KeyHint], isLinkPromptOpen: Bool, width: Int) -> String {
    if isLinkPromptOpen {
      return Self.join([KeyHint("Enter", "open"), KeyHint("Esc", "cancel")], width: width)
    }
    if isHelpVisible { return Self.join([KeyHint("any key", "close help")], width: width) }
    let help = KeyHint("?", "help")
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

  /// The help text: the screen's keys, then the keys that work everywhere, with the `:` key
  /// and the link to `link` when links of `linkScheme` can be typed (`nil`: they cannot).
  static func helpLines(screenHints: [KeyHint], linkScheme: DeepLinkScheme?, link: DeepLink?) -> [String] {
    let rows = screenHints.map { ($0.keys, $0.action) }
    var global: [(String, String)] = [
      ("Esc, Backspace", "go back"), ("q, Ctrl-C", "quit"), ("Ctrl-Z", "suspend"), ("?", "this help"),
    ]
    if let linkScheme { global.append((":", "open a link (\(linkScheme)…, or just its path)")) }
    let keyWidth = (rows + global).map { DisplayWidth.of($0.0) }.max() ?? 0
    var lines: [String] = []
    if !rows.isEmpty {
      lines.append("On this screen:")
      lines += rows.map { "  " + DisplayWidth.pad($0.0, to: keyWidth) + "  " + $0.1 }
      lines.append("")
    }
    lines.append("Everywhere:")
    lines += global.map { "  " + DisplayWidth.pad($0.0, to: keyWidth) + "  " + $0.1 }
    if let linkScheme, let link { lines += ["", "Link to this screen: \(linkScheme.text(for: link))"] }
    return lines
  }

  /// Draws the header: `breadcrumb` on a reversed top line `width` columns wide.
  static func drawHeader(_ breadcrumb: String, into canvas: inout Canvas, width: Int) {
    canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: .reverse)
    canvas.put(" " + breadcrumb, at: Point(x: 0, y: 0), style: Style(bold: true, reverse: true))
  }

  /// Draws the message line and `footer` at the bottom of a `size` terminal.
  func drawStatus(footer: String, into canvas: inout Canvas, size: Size) {
    if let message {
      let style = message.kind == .error ? Style(bold: true, foreground: .red) : Style.bold
      let prefix = message.kind == .error ? "✗ " : ""
      canvas.put(
        prefix + message.text, at: Point(x: 1, y: size.height - 2), style: style, maxWidth: size.width - 2)
    }
    canvas.put(footer, at: Point(x: 1, y: size.height - 1), style: .dim)
  }

  /// Draws the help overlay: `lines` in a box centred in `area`.
  static func drawHelp(_ lines: [String], into canvas: inout Canvas, area: Rect) {
    let width = min(area.width - 4, max(40, lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
    let height = min(area.height, lines.count + 2)
    let box = Rect(
      x: area.minX + (area.width - width) / 2, y: area.minY + (area.height - height) / 2, width: width,
      height: height)
    canvas.fill(box)
    canvas.box(box, title: "Help")
    for (row, line) in lines.enumerated() where row < height - 2 {
      canvas.put(line, at: Point(x: box.minX + 2, y: box.minY + 1 + row), maxWidth: width - 4)
    }
  }
}
