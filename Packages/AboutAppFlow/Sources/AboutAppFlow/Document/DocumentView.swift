import TerminalUI

/// What the Document presenter shows on its view.
@MainActor
protocol DocumentViewInput: AnyObject {
  /// Shows the document with the given buttons.
  func show(title: String, paragraphs: [String], actions: [DocumentAction])
}

/// A document's screen: its title and text, scrollable, with the buttons under it.
@MainActor
final class DocumentView: TextPageScreen, DocumentViewInput {
  /// Where the user's choices go; the view keeps its presenter alive.
  let output: any DocumentViewOutput
  /// The buttons shown, in order.
  private(set) var actions: [DocumentAction] = []

  init(output: any DocumentViewOutput) {
    self.output = output
    super.init(title: "", text: "", buttons: [])
  }

  /// The primary action (Next, Accept) has the focus, so Enter goes on.
  func show(title: String, paragraphs: [String], actions: [DocumentAction]) {
    self.title = title
    self.actions = actions
    text = paragraphs.joined(separator: "\n\n")
    buttons = ButtonRow(
      actions.map { action in
        ScreenAction(action.title, key: action.key) { [weak self] in self?.output.didChoose(action) }
      },
      focus: actions.firstIndex(where: \.isPrimary) ?? 0)
  }
}
