// Classic MVP: each presenter builds and pushes the next module itself.

/// The About screen. "Documents" opens the first document: this presenter knows which one.
@MainActor
final class AboutAppPresenter {
  private let router: any Router

  init(router: any Router) { self.router = router }

  func didSelectDocuments() {
    router.push(TermsOfUsePresenter.makeModule(router: router, consent: nil))
  }

  func didSelectBack() { router.pop() }

  /// First launch: the same documents, starting from the first one, ending with Accept.
  static func startConsent(router: any Router, listener: any ConsentListener) {
    router.push(TermsOfUsePresenter.makeModule(router: router, consent: listener))
  }
}
