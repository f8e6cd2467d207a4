import TerminalUI

/// The page both document views are drawn with: a title, paragraphs and a row of buttons.
@MainActor
class DocumentPage: TextPageScreen {
  /// The buttons shown, in order.
  private(set) var actions: [DocumentAction] = []

  init() {
    super.init(title: "", text: "", buttons: [])
  }

  /// Shows a document; `choose` runs when the user presses a button. The primary action
  /// (Next, Accept) has the focus, so Enter goes on.
  func show(
    title: String, paragraphs: [String], actions: [DocumentAction],
    choose: @escaping @MainActor (DocumentAction) -> Void
  ) {
    self.title = title
    self.actions = actions
    text = paragraphs.joined(separator: "\n\n")
    buttons = ButtonRow(
      actions.map { action in ScreenAction(action.title, key: action.key) { choose(action) } },
      focus: actions.firstIndex(where: \.isPrimary) ?? 0)
  }
}
