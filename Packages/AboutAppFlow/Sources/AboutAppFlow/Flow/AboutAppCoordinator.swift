import Navigation

/// Drives the About flow: the About screen, then the documents one after another.
///
/// The reading order of the documents is written here and nowhere else:
/// ``documentOrder``. In consent mode (the first launch, `emotions://consent`) the same
/// documents end with Accept or Quit, and the flow finishes with `.accepted` or `.declined`.
@MainActor
final class AboutAppCoordinator: BaseCoordinator<FlowOutcome>, FlowCoordinator {
  /// The documents, in the order the user reads them.
  nonisolated static let documentOrder: [Document] = [.termsOfUse, .privacyPolicy]

  var onRequest: ((FlowRequest) -> Void)?

  private let router: any Routing
  private let environment: AboutAppEnvironment
  private var isConsent = false
  private weak var aboutScreen: (any Presentable)?

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
      guard router.stack.isEmpty || isConsent else { return false }
      isConsent = true
      router.close(self)
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
      version: environment.version, facts: environment.facts, output: self)
    aboutScreen = module.screen
    router.push(module.screen, route: AboutAppRoutes.aboutApp, owner: self)
  }

  private func showDocument(at index: Int) {
    let document = Self.documentOrder[index]
    let actions = actions(forDocumentAt: index)
    let screen: any Presentable
    switch document {
    case .termsOfUse:
      let module = TermsOfUseConfigurator.make(output: self)
      module.input.setActions(actions)
      screen = module.screen
    case .privacyPolicy:
      let module = PrivacyPolicyConfigurator.make(stateLocation: environment.stateLocation, output: self)
      module.input.setActions(actions)
      screen = module.screen
    }
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
      finish(with: .accepted)
    case .decline:
      finish(with: .declined)
    }
  }
}

extension AboutAppCoordinator: AboutAppModuleOutput {
  func aboutAppDidSelectDocuments() { showDocument(at: 0) }
  func aboutAppDidSelectBack() { router.goBack() }
}

extension AboutAppCoordinator: TermsOfUseModuleOutput {
  func termsOfUse(didChoose action: DocumentAction) { handle(action, on: .termsOfUse) }
}

extension AboutAppCoordinator: PrivacyPolicyModuleOutput {
  func privacyPolicy(didChoose action: DocumentAction) { handle(action, on: .privacyPolicy) }
}
