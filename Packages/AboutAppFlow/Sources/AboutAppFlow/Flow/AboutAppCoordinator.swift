import Navigation

/// Drives the About flow: the About screen, then the documents one after another.
///
/// The reading order of the documents is written here and nowhere else:
/// ``documentOrder``. In consent mode (the first launch, the `consent` link) the same
/// documents end with Accept or Quit: the flow completes, or is cancelled. Coming back to the
/// About screen reads its facts again.
@MainActor
final class AboutAppCoordinator: FlowCoordinator {
  /// The documents, in the order the user reads them.
  nonisolated static let documentOrder: [Document] = [.termsOfUse, .privacyPolicy]

  private let router: any Routing
  private let environment: AboutAppEnvironment
  private var isConsent = false
  private weak var aboutScreen: (any Presentable)?
  private weak var aboutInput: (any AboutAppModuleInput)?
  private weak var firstConsentScreen: (any Presentable)?

  init(router: any Routing, environment: AboutAppEnvironment) {
    self.router = router
    self.environment = environment
  }

  override func start() { showAboutApp() }

  override func start(with link: DeepLink) -> Bool {
    guard let destination = AboutAppDestination(link, order: Self.documentOrder) else {
      return super.start(with: link)
    }
    switch destination {
    case .consent:
      if isConsent {
        if let firstConsentScreen { router.pop(to: firstConsentScreen) }
        return true
      }
      guard router.stack.isEmpty else { return false }
      isConsent = true
      showDocument(at: 0)
    case .about(let documents):
      guard !isConsent else { return false }
      if let aboutScreen { router.pop(to: aboutScreen) } else { showAboutApp() }
      documents.forEach(showDocument(at:))
    }
    return true
  }

  private func showAboutApp() {
    let module = AboutAppConfigurator.make(
      name: environment.name, version: environment.version, facts: environment.facts, output: self)
    aboutScreen = module.screen
    aboutInput = module.input
    router.push(module.screen, route: AboutAppRoutes.aboutApp, owner: self)
  }

  /// Back on the About screen, its facts are read again (the model may have been installed).
  override func routerDidReveal(_ screen: any Presentable) {
    if screen === aboutScreen { aboutInput?.refresh() }
  }

  private func showDocument(at index: Int) {
    let document = Self.documentOrder[index]
    let actions = actions(forDocumentAt: index)
    let module = DocumentConfigurator.make(
      document: document, stateLocation: environment.stateLocation, output: self)
    module.input.setActions(actions)
    let screen = module.screen
    if isConsent, index == 0 { firstConsentScreen = screen }
    router.push(screen, route: document.route, owner: self)
  }

  /// Back and Next while browsing; in consent mode, Next until the last, then Accept, and Quit.
  private func actions(forDocumentAt index: Int) -> [DocumentAction] {
    let isLast = index == Self.documentOrder.count - 1
    if isConsent {
      return (index > 0 ? [.back] : []) + [isLast ? .accept : .next, .decline]
    }
    return isLast ? [.back] : [.next, .back]
  }

  private func handle(_ action: DocumentAction, on document: Document) {
    switch action {
    case .next:
      guard let index = Self.documentOrder.firstIndex(of: document), index + 1 < Self.documentOrder.count
      else {
        return
      }
      showDocument(at: index + 1)
    case .back:
      router.goBack()
    case .accept:
      finish(with: ())
    case .decline:
      cancel()
    }
  }
}

extension AboutAppCoordinator: AboutAppModuleOutput {
  func aboutAppDidSelectDocuments() { showDocument(at: 0) }
  func aboutAppDidSelectBack() { router.goBack() }
}

extension AboutAppCoordinator: DocumentModuleOutput {
  func document(_ document: Document, didChoose action: DocumentAction) { handle(action, on: document) }
}
