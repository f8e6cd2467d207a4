import Navigation

extension TerminalRouter {
  /// Handles a key in full-screen mode: overlays first, then the top screen, then the global keys.
  public func handle(_ key: Key) {
    message = nil
    if key == .control("c") {
      quit()
      return
    }
    if key == .control("z") {
      suspendHandler?()
      return
    }
    if isHelpVisible {
      isHelpVisible = false
      return
    }
    if linkField != nil {
      handleLinkPromptKey(key)
      return
    }
    if let screen = topScreen, screen.handle(key) { return }
    switch key {
    case .escape, .backspace:
      if !goBack() { showMessage("This is the first screen. Press q to quit.") }
    case .character("q"): quit()
    case .character("?"): setHelpVisible(true)
    case .character(":"):
      if acceptsLinks { openLinkPrompt() }
    default: break
    }
  }

  /// The link typed at the prompt, or a sentence saying why it is not one.
  func parseLink(_ text: String) -> Result<DeepLink, LinkTextError> {
    guard let linkScheme else { return .failure(LinkTextError(message: "Links cannot be opened here.")) }
    do {
      return .success(try linkScheme.parse(linkOrPath: text.trimmingSpaces))
    } catch {
      return .failure(LinkTextError(message: linkScheme.message(for: error)))
    }
  }

  private func handleLinkPromptKey(_ key: Key) {
    guard var field = linkField else { return }
    switch key {
    case .escape:
      linkField = nil
    case .enter:
      guard case .success(let link) = parseLink(field.text) else { return }
      linkField = nil
      onDeepLink?(link)
    default:
      _ = field.handle(key)
      linkField = field
    }
  }
}

/// Why the text typed as a link is not one, in a sentence for the user.
struct LinkTextError: Error {
  let message: String
}
