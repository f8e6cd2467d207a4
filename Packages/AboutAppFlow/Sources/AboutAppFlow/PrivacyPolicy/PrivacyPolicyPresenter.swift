/// What the PrivacyPolicy view tells its presenter.
@MainActor
protocol PrivacyPolicyViewOutput: AnyObject {
  /// The view is about to be shown for the first time.
  func viewDidLoad()
  /// The user picked a button.
  func didChoose(_ action: DocumentAction)
}

/// What the coordinator may ask of the PrivacyPolicy module.
@MainActor
protocol PrivacyPolicyModuleInput: AnyObject {
  /// Sets the buttons under the text.
  func setActions(_ actions: [DocumentAction])
}

/// Shows the privacy policy, with the state folder the app really uses.
@MainActor
final class PrivacyPolicyPresenter: PrivacyPolicyViewOutput, PrivacyPolicyModuleInput {
  weak var view: (any PrivacyPolicyViewInput)?
  weak var output: (any PrivacyPolicyModuleOutput)?
  private var actions: [DocumentAction] = []
  private let stateLocation: String

  static let title = "Privacy Policy"

  init(stateLocation: String) {
    self.stateLocation = stateLocation
  }

  var paragraphs: [String] {
    [
      "Nothing leaves your machine. Emotions reads pictures, videos and camera frames, finds faces and "
        + "names their expressions in memory, on this computer. It makes no network connections, sends "
        + "no telemetry and has no accounts.",
      "What is stored: a small state file, \(stateLocation), holding whether and when you accepted these "
        + "documents, the last source you opened and the screen you left the app on. No picture, face, crop or score is ever written to "
        + "disk, except a frame you save yourself with the s key, which goes where the app tells you.",
      "How to delete it: remove that file, or its folder. The app will ask for your consent again on its "
        + "next start. Frames you saved are ordinary PNG files you can delete like any other.",
      "Output of `emotions detect` goes where you send it. Treat results about other people as personal "
        + "data: keep them only as long as you need them.",
    ]
  }

  func viewDidLoad() { view?.show(title: Self.title, paragraphs: paragraphs, actions: actions) }

  func setActions(_ actions: [DocumentAction]) {
    self.actions = actions
    view?.show(title: Self.title, paragraphs: paragraphs, actions: actions)
  }

  func didChoose(_ action: DocumentAction) {
    guard actions.contains(action) else { return }
    output?.privacyPolicy(didChoose: action)
  }
}
