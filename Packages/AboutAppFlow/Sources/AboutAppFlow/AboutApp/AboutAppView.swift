import TerminalUI

/// What the About presenter shows on its view.
@MainActor
protocol AboutAppViewInput: AnyObject {
  /// Shows a summary and labelled facts.
  func show(summary: String, facts: [(label: String, value: String)])
}

/// The About screen: the facts as aligned lines, and a menu with Documents and Back.
@MainActor
final class AboutAppView: MenuScreen, AboutAppViewInput {
  /// Where the user's choices go; the view keeps its presenter alive.
  let output: any AboutAppViewOutput

  init(output: any AboutAppViewOutput) {
    self.output = output
    super.init(title: "About", items: [])
    items = [
      ScreenAction("Documents", detail: "terms of use and privacy policy", key: "d") { [weak self] in
        self?.output.didSelectDocuments()
      },
      ScreenAction("Back", key: "b") { [weak self] in self?.output.didSelectBack() },
    ]
  }

  func show(summary: String, facts: [(label: String, value: String)]) {
    text = ([summary, ""] + facts.map { "\($0.label): \($0.value)" }).joined(separator: "\n")
  }
}
