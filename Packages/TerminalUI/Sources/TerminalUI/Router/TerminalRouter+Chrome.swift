import Navigation

/// The chrome's text for the stack as it is now (``RouterChrome`` composes it).
extension TerminalRouter {
  /// The global keys that work now, after the screen's own.
  var globalKeyHints: [KeyHint] {
    RouterChrome.globalKeyHints(
      canGoBack: stack.top.map { $0.style != .root } ?? false, screenHints: topScreen?.keyHints ?? [],
      acceptsLinks: acceptsLinks)
  }

  /// The stack's titles as a breadcrumb of at most `width` columns.
  func breadcrumb(width: Int) -> String {
    chrome.breadcrumb(titles: stack.entries.map(\.screen.title), width: width)
  }

  /// The footer: the keys that fit, ending with `? help`.
  func footer(width: Int) -> String {
    chrome.footer(
      hints: (topScreen?.keyHints ?? []) + globalKeyHints, isLinkPromptOpen: linkPrompt != nil, width: width)
  }

  /// The help text: this screen's keys, then the keys that work everywhere.
  func helpLines() -> [String] {
    RouterChrome.helpLines(
      screenHints: topScreen?.keyHints ?? [], linkScheme: acceptsLinks ? linkScheme : nil,
      link: stack.deepLink)
  }
}
