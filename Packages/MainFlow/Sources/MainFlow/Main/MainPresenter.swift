import FaceAnalysisInterface

/// What the Main view tells its presenter.
@MainActor
protocol MainViewOutput: AnyObject {
  /// The view is about to be shown for the first time.
  func viewDidLoad()
  /// The user picked a menu item.
  func didSelect(_ item: MainMenuItem)
}

/// What the coordinator may ask of the Main module.
@MainActor
protocol MainModuleInput: AnyObject {
  /// Shows a one-line note under the menu, such as what the last recognition run saw.
  func showNote(_ note: String?)
}

/// Explains the app and offers its sections.
@MainActor
final class MainPresenter: MainViewOutput, MainModuleInput {
  weak var view: (any MainViewInput)?
  weak var output: (any MainModuleOutput)?
  private let items: [MainMenuItem]
  private var note: String?

  /// A presenter offering `items`.
  init(items: [MainMenuItem]) {
    self.items = items
  }

  static let summary = [
    "Emotions finds the faces in a photo, a video or a camera feed and names the emotion on each: "
      + emotionNames + ". Everything runs on this machine."
  ]

  /// Every ``Emotion``'s name in model order, as a sentence lists them (`…, surprise or neutral`).
  private static var emotionNames: String {
    let names = Emotion.allCases.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }

  func viewDidLoad() { view?.show(summary: Self.summary, items: items, note: note) }

  func showNote(_ note: String?) {
    self.note = note
    view?.show(summary: Self.summary, items: items, note: note)
  }

  func didSelect(_ item: MainMenuItem) {
    switch item {
    case .vision: output?.mainDidSelectVision()
    case .about: output?.mainDidSelectAbout()
    case .quit: output?.mainDidSelectQuit()
    }
  }
}
