import Navigation

extension TerminalRouter {
  /// Handles a key in full-screen mode: overlays first, then the top screen, then the global keys.
  func handle(_ key: Key) {
    chrome.message = nil
    if key == .control("c") {
      quit()
      return
    }
    if key == .control("z") {
      suspendHandler?()
      return
    }
    if chrome.isHelpVisible {
      chrome.isHelpVisible = false
      return
    }
    if var prompt = linkPrompt {
      let outcome = prompt.handle(key, scheme: linkScheme)
      linkPrompt = outcome == .editing ? prompt : nil
      if case .opened(let link) = outcome { onDeepLink?(link) }
      return
    }
    if let screen = topScreen, screen.handle(key) { return }
    switch key {
    case .escape, .backspace:
      if !goBack() { showMessage("This is the first screen. Press q to quit.") }
    case .character("q"): quit()
    case .character("?"): setHelpVisible(true)
    case .character(":"):
      if acceptsLinks {
        chrome.isHelpVisible = false
        linkPrompt = LinkPrompt()
      }
    default: break
    }
  }
}
