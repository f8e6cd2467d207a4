import TerminalUI

/// What the TermsOfUse presenter shows on its view.
@MainActor
protocol TermsOfUseViewInput: AnyObject {
  /// Shows the document with the given buttons.
  func show(title: String, paragraphs: [String], actions: [DocumentAction])
}

/// The TermsOfUse screen: the document's text, scrollable, with the buttons under it.
@MainActor
final class TermsOfUseView: DocumentPage, TermsOfUseViewInput {
  /// Where the user's choices go; the view keeps its presenter alive.
  let output: any TermsOfUseViewOutput

  init(output: any TermsOfUseViewOutput) {
    self.output = output
    super.init()
  }

  func show(title: String, paragraphs: [String], actions: [DocumentAction]) {
    show(title: title, paragraphs: paragraphs, actions: actions) { [weak self] action in
      self?.output.didChoose(action)
    }
  }
}
