import TerminalUI

/// What the PrivacyPolicy presenter shows on its view.
@MainActor
protocol PrivacyPolicyViewInput: AnyObject {
  /// Shows the document with the given buttons.
  func show(title: String, paragraphs: [String], actions: [DocumentAction])
}

/// The PrivacyPolicy screen: the document's text, scrollable, with the buttons under it.
@MainActor
final class PrivacyPolicyView: DocumentPage, PrivacyPolicyViewInput {
  /// Where the user's choices go; the view keeps its presenter alive.
  let output: any PrivacyPolicyViewOutput

  init(output: any PrivacyPolicyViewOutput) {
    self.output = output
    super.init()
  }

  func show(title: String, paragraphs: [String], actions: [DocumentAction]) {
    show(title: title, paragraphs: paragraphs, actions: actions) { [weak self] action in
      self?.output.didChoose(action)
    }
  }
}
