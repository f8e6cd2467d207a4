/// What the Document view tells its presenter.
@MainActor
protocol DocumentViewOutput: AnyObject {
  /// The view is about to be shown for the first time.
  func viewDidLoad()
  /// The user picked a button.
  func didChoose(_ action: DocumentAction)
}

/// What the coordinator may ask of the Document module.
@MainActor
protocol DocumentModuleInput: AnyObject {
  /// Sets the buttons under the text.
  func setActions(_ actions: [DocumentAction])
}

/// Shows one document (the terms of use or the privacy policy) with the buttons the
/// coordinator chose, and reports only those.
@MainActor
final class DocumentPresenter: DocumentViewOutput, DocumentModuleInput {
  weak var view: (any DocumentViewInput)?
  weak var output: (any DocumentModuleOutput)?
  /// The document shown.
  let document: Document
  private let paragraphs: [String]
  private var actions: [DocumentAction] = []

  /// Shows `document`, whose privacy policy names the state file at `stateLocation`.
  init(document: Document, stateLocation: String) {
    self.document = document
    paragraphs = document.paragraphs(stateLocation: stateLocation)
  }

  func viewDidLoad() { view?.show(title: document.title, paragraphs: paragraphs, actions: actions) }

  func setActions(_ actions: [DocumentAction]) {
    self.actions = actions
    view?.show(title: document.title, paragraphs: paragraphs, actions: actions)
  }

  func didChoose(_ action: DocumentAction) {
    guard actions.contains(action) else { return }
    output?.document(document, didChoose: action)
  }
}
