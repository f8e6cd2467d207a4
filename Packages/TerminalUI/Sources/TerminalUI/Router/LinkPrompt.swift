import Navigation

/// The `:` prompt while it is open: the deep link being typed, edited as a ``TextField``, and
/// whether it parses.
struct LinkPrompt: Hashable {
  /// Why the text typed as a link is not one, in a sentence for the user.
  struct TextError: Error, Hashable {
    /// The sentence.
    let message: String
  }

  /// What a key did to the prompt.
  enum Outcome: Hashable {
    /// It edited the text or moved the cursor, or did nothing; the prompt stays open.
    case editing
    /// Esc: the prompt closes.
    case cancelled
    /// Enter on a text that parses: the prompt closes and the link opens.
    case opened(DeepLink)
  }

  /// The text typed so far and its cursor.
  private(set) var field: TextField

  /// A prompt with `text` typed in and the cursor after it.
  init(text: String = "") {
    field = TextField(text)
  }

  /// Applies `key`: Esc cancels, Enter opens the text when it parses with `scheme` (and does
  /// nothing otherwise), any other key edits the text.
  mutating func handle(_ key: Key, scheme: DeepLinkScheme?) -> Outcome {
    switch key {
    case .escape:
      return .cancelled
    case .enter:
      guard case .success(let link) = Self.parse(field.text, scheme: scheme) else { return .editing }
      return .opened(link)
    default:
      _ = field.handle(key)
      return .editing
    }
  }

  /// The link `text` names in `scheme`, whole or just its path, or a sentence saying why it
  /// is not one (with no scheme, links cannot be opened at all).
  static func parse(_ text: String, scheme: DeepLinkScheme?) -> Result<DeepLink, TextError> {
    guard let scheme else { return .failure(TextError(message: "Links cannot be opened here.")) }
    do {
      return .success(try scheme.parse(linkOrPath: text.trimmingSpaces))
    } catch {
      return .failure(TextError(message: scheme.message(for: error)))
    }
  }

  /// Draws the prompt in a box at the bottom of `area`: the field, then what Enter does or
  /// why the text is not a link of `scheme`.
  func draw(into canvas: inout Canvas, area: Rect, scheme: DeepLinkScheme?) {
    let width = min(area.width - 2, 72)
    let box = Rect(x: area.minX + (area.width - width) / 2, y: area.maxY - 6, width: width, height: 6)
    canvas.fill(box)
    canvas.box(box, title: "Open link")
    field.draw(into: &canvas, at: Point(x: box.minX + 2, y: box.minY + 1), width: width - 4)
    if case .failure(let error) = Self.parse(field.text, scheme: scheme) {
      let lines = TextWrapper.wrap("✗ " + error.message, width: width - 4).prefix(2)
      for (row, line) in lines.enumerated() {
        canvas.put(line, at: Point(x: box.minX + 2, y: box.minY + 3 + row), style: Style(foreground: .red))
      }
    } else {
      canvas.put(
        "Enter opens it", at: Point(x: box.minX + 2, y: box.minY + 3), style: .dim, maxWidth: width - 4)
    }
  }
}
