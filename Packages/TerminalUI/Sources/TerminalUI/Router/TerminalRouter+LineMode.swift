import Navigation

/// Line mode: the top screen as a plain-text page, and one command per line.
extension TerminalRouter {
  /// The top screen as a plain-text page: the breadcrumb, the screen's lines, its numbered
  /// choices and what can be typed.
  public func linePage(width: Int) -> [String] {
    guard let top = stack.top else { return [] }
    var lines = ["== " + breadcrumb(width: max(10, width - 6)) + " =="]
    let page = (top.screen as? any Screen)?.linePage(width: width) ?? LinePage(lines: [top.screen.title])
    lines += page.lines
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
    if top.style != .root { commands.append("back") }
    commands.append("quit")
    commands.append("help")
    if acceptsLinks { commands.append(":<link>") }
    let last = commands.removeLast()
    lines.append("Type " + commands.joined(separator: ", ") + " or " + last + ".")
    return lines
  }

  /// Handles one line of line-mode input: `back`, `quit`, `help`, `:<link>`, or anything else
  /// for the top screen (a choice number, a prompt's text).
  ///
  /// - Returns: `false` when the line was rejected (an error message says why).
  @discardableResult
  public func handleLine(_ rawLine: String) -> Bool {
    let line = rawLine.trimmingSpaces
    switch line.lowercased() {
    case "": return true
    case "quit", "q", "exit":
      quit()
      return true
    case "back", "b":
      guard goBack() else {
        showMessage("This is the first screen; type quit to leave.", kind: .error)
        return false
      }
      return true
    case "help", "?":
      pendingLineOutput += helpLinesForLineMode()
      return true
    default: break
    }
    if line.hasPrefix(":") {
      guard acceptsLinks else {
        showMessage("Links cannot be opened here.", kind: .error)
        return false
      }
      switch parseLink(String(line.dropFirst())) {
      case .success(let link):
        onDeepLink?(link)
        return true
      case .failure(let error):
        showMessage(error.message, kind: .error)
        return false
      }
    }
    guard let screen = topScreen else {
      showMessage("There is nothing to choose here.", kind: .error)
      return false
    }
    if case .rejected(let reason) = screen.handleLine(line) {
      showMessage(reason, kind: .error)
      return false
    }
    return true
  }

  private func helpLinesForLineMode() -> [String] {
    var lines = [
      "Commands, one per line:", "  <number>   choose that item", "  back       go back",
      "  quit       leave the app",
    ]
    if let linkScheme, acceptsLinks {
      lines.append("  :<link>    open a link (\(linkScheme)…, or just its path)")
      if let link = stack.deepLink { lines.append("Link to this screen: \(linkScheme.text(for: link))") }
    }
    return lines
  }

  /// Takes the line-mode output waiting to be printed: the screens' own lines
  /// (``Screen/takeLineOutput()``, bottom of the stack first), then messages and help.
  func takePendingLineOutput() -> [String] {
    defer { pendingLineOutput = [] }
    return takeScreenLineOutput() + pendingLineOutput
  }

  /// Forgets messages and screen lines queued for line mode (full-screen mode shows them
  /// instead).
  func discardPendingLineOutput() {
    pendingLineOutput = []
    _ = takeScreenLineOutput()
  }

  private func takeScreenLineOutput() -> [String] {
    stack.entries.flatMap { ($0.screen as? any Screen)?.takeLineOutput() ?? [] }
  }
}
