import Navigation

/// Line mode: the top screen as a plain-text page, and one command per line.
extension TerminalRouter {
  /// The top screen as a plain-text page: the breadcrumb, the screen's lines, its numbered
  /// choices and what can be typed.
  public func linePage(width: Int) -> [String] {
    guard let top = stack.top else { return [] }
    let page = (top.screen as? any Screen)?.linePage(width: width) ?? LinePage(lines: [top.screen.title])
    return LineTranscript.page(
      page, breadcrumb: breadcrumb(width: max(10, width - 6)), isRoot: top.style == .root,
      acceptsLinks: acceptsLinks)
  }

  /// Handles one line of line-mode input: `back`, `quit`, `help`, `:<link>`, or anything else
  /// for the top screen (a choice number, a prompt's text).
  ///
  /// - Returns: `false` when the line was rejected (an error message says why).
  @discardableResult
  func handleLine(_ rawLine: String) -> Bool {
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
      transcript.append(
        LineTranscript.helpLines(linkScheme: acceptsLinks ? linkScheme : nil, link: stack.deepLink))
      return true
    default: break
    }
    if line.hasPrefix(":") {
      guard acceptsLinks else {
        showMessage("Links cannot be opened here.", kind: .error)
        return false
      }
      switch LinkPrompt.parse(String(line.dropFirst()), scheme: linkScheme) {
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

  /// Takes the line-mode output waiting to be printed: the screens' own lines
  /// (``Screen/takeLineOutput()``, bottom of the stack first), then messages and help.
  func takePendingLineOutput() -> [String] {
    let screenLines = takeScreenLineOutput()
    return screenLines + transcript.take()
  }

  /// Forgets messages and screen lines queued for line mode (full-screen mode shows them
  /// instead).
  func discardPendingLineOutput() {
    _ = transcript.take()
    _ = takeScreenLineOutput()
  }

  private func takeScreenLineOutput() -> [String] {
    stack.entries.flatMap { ($0.screen as? any Screen)?.takeLineOutput() ?? [] }
  }
}
