import TerminalUITesting

extension PseudoTerminalSession {
  /// TerminalUIDemo, built next to this test bundle, connected as `layout` says.
  static func demo(layout: Layout, environment: [String] = []) throws -> PseudoTerminalSession {
    try PseudoTerminalSession(
      program: try builtProduct(named: "TerminalUIDemo"), layout: layout, environment: environment)
  }

  /// Waits until the demo has drawn its first screen in raw mode.
  func waitUntilRunning() throws {
    try waitFor("the first frame") {
      outputText.contains("1  Document") && ((try? inputSettings().isRaw) ?? false)
    }
  }
}
