// Classic MVP: each presenter builds and pushes the next module itself.

/// The terms of use: the first document, so it offers Next and knows what comes next.
@MainActor
final class TermsOfUsePresenter {
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
    let presenter = TermsOfUsePresenter(router: router, view: screen, consent: consent)
    screen.onButton = { presenter.didPress($0) }
    presenter.viewDidLoad()
    return screen
  }

  func viewDidLoad() {
    let buttons: [DocumentButton] = consent == nil ? [.next, .back] : [.next, .quit]
    view?.show(title: "Terms of Use", text: "Use it lawfully…", buttons: buttons)
  }

  func didPress(_ button: DocumentButton) {
    switch button {
    case .next: router.push(PrivacyPolicyPresenter.makeModule(router: router, consent: consent))
    case .back: router.pop()
    case .quit: consent?.consentFinished(accepted: false)
    case .accept: break
    }
  }
}
