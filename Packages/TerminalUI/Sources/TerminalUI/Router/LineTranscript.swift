import Navigation

/// What line mode prints besides the screens' own lines: the page of the top screen, the
/// command help, and the messages and help waiting to be printed.
struct LineTranscript {
  /// Lines not printed yet: messages, help.
  private(set) var pending: [String] = []

  /// Queues `text`, marked as an error when it is one.
  mutating func append(message text: String, kind: TerminalRouter.MessageKind) {
    pending.append((kind == .error ? "Error: " : "") + text)
  }

  /// Queues `lines` as they are.
  mutating func append(_ lines: [String]) {
    pending += lines
  }

  /// Takes the queued lines, oldest first.
  mutating func take() -> [String] {
    defer { pending = [] }
    return pending
  }

  /// `page` as plain text under `breadcrumb`: its lines, its numbered choices, its
  /// instruction and the commands that work (`back` unless `isRoot`, `:<link>` when
  /// `acceptsLinks`).
  static func page(_ page: LinePage, breadcrumb: String, isRoot: Bool, acceptsLinks: Bool) -> [String] {
    var lines = ["== " + breadcrumb + " =="] + page.lines
    if !page.choices.isEmpty {
      lines.append("")
      let numberWidth = String(page.choices.count).count
      for (index, choice) in page.choices.enumerated() {
        let number = String(index + 1)
        lines.append(String(repeating: " ", count: numberWidth - number.count) + "  \(number). " + choice)
      }
    }
    if let instruction = page.instruction { lines.append(instruction) }
    var commands: [String] = []
    if !page.choices.isEmpty {
      commands.append(page.choices.count == 1 ? "1" : "a number (1-\(page.choices.count))")
    }
    if !isRoot { commands.append("back") }
    commands += ["quit", "help"]
    if acceptsLinks { commands.append(":<link>") }
    let last = commands.removeLast()
    lines.append("Type " + commands.joined(separator: ", ") + " or " + last + ".")
    return lines
  }

  /// The commands line mode takes, with `:<link>` and the link to `link` when links of
  /// `linkScheme` can be typed (`nil`: they cannot).
  static func helpLines(linkScheme: DeepLinkScheme?, link: DeepLink?) -> [String] {
    var lines = [
      "Commands, one per line:", "  <number>   choose that item", "  back       go back",
      "  quit       leave the app",
    ]
    if let linkScheme {
      lines.append("  :<link>    open a link (\(linkScheme)…, or just its path)")
      if let link { lines.append("Link to this screen: \(linkScheme.text(for: link))") }
    }
    return lines
  }
}
