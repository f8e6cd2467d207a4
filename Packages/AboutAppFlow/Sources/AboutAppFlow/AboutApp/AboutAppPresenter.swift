/// What the About view tells its presenter.
@MainActor
protocol AboutAppViewOutput: AnyObject {
  /// The view is about to be shown for the first time.
  func viewDidLoad()
  /// The user picked Documents.
  func didSelectDocuments()
  /// The user picked Back.
  func didSelectBack()
}

/// What the coordinator may ask of the About module.
@MainActor
protocol AboutAppModuleInput: AnyObject {
  /// Reads the facts again and shows them.
  func refresh()
}

/// Shows the version and the facts the app provides, and reports the user's choices.
@MainActor
final class AboutAppPresenter: AboutAppViewOutput, AboutAppModuleInput {
  weak var view: (any AboutAppViewInput)?
  weak var output: (any AboutAppModuleOutput)?
  private let name: String
  private let version: String
  private let facts: @MainActor () -> [(label: String, value: String)]

  init(name: String, version: String, facts: @escaping @MainActor () -> [(label: String, value: String)]) {
    self.name = name
    self.version = version
    self.facts = facts
  }

  func viewDidLoad() { refresh() }

  func refresh() {
    view?.show(
      summary: "\(name) \(version) finds faces in photos, videos and camera feeds and names their emotions, "
        + "on this machine only.",
      facts: [("Version", version)] + facts())
  }

  func didSelectDocuments() { output?.aboutAppDidSelectDocuments() }

  func didSelectBack() { output?.aboutAppDidSelectBack() }
}
