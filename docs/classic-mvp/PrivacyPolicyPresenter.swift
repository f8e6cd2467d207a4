// Classic MVP: each presenter builds and pushes the next module itself.

/// The privacy policy: the last document, so it offers Accept in consent mode.
@MainActor
final class PrivacyPolicyPresenter {
  private let router: any Router
  private weak var view: (any DocumentView)?
  private weak var consent: (any ConsentListener)?

  init(router: any Router, view: any DocumentView, consent: (any ConsentListener)?) {
    self.router = router
    self.view = view
    self.consent = consent
  }

  static func makeModule(router: any Router, consent: (any ConsentListener)?) -> any Screen {
    let screen = DocumentScreen()
    let presenter = PrivacyPolicyPresenter(router: router, view: screen, consent: consent)
    screen.onButton = { presenter.didPress($0) }
    presenter.viewDidLoad()
    return screen
  }

  func viewDidLoad() {
    let buttons: [DocumentButton] = consent == nil ? [.back] : [.back, .accept, .quit]
    view?.show(title: "Privacy Policy", text: "Nothing leaves your machine…", buttons: buttons)
  }

  func didPress(_ button: DocumentButton) {
    switch button {
    case .back: router.pop()
    case .accept: consent?.consentFinished(accepted: true)
    case .quit: consent?.consentFinished(accepted: false)
    case .next: break
    }
  }
}
