import Navigation

/// The top of the coordinator tree: starts flows from the plugin list, passes deep links
/// down, answers the flows' requests, and quits when the last flow finishes.
///
/// The first factory in the list is the home flow: its first screen is the root of the
/// stack, and every other flow is built on top of it. Consent runs before anything else, as
/// the flow that opens ``consentLink``, on an empty stack.
@MainActor
final class ApplicationCoordinator: BaseCoordinator<Void> {
  /// The link that starts the consent flow on first launch.
  static let consentLink = DeepLink.constant("consent")

  private let router: any Routing
  private let plugins: [any FlowFactory]
  private var flowIDs: [ObjectIdentifier: String] = [:]
  private weak var consentFlow: (any FlowCoordinator)?
  private var linkAfterConsent: DeepLink?

  /// Called when the user accepts the documents, to remember it.
  var onConsentAccepted: (() -> Void)?

  /// Shows a one-line message to the user, such as a link nothing opens.
  var showMessage: ((String) -> Void)?

  /// Creates the coordinator; `plugins` must not be empty, and its first entry is the home flow.
  init(router: any Routing, plugins: [any FlowFactory]) {
    precondition(!plugins.isEmpty, "the app needs at least one flow")
    self.router = router
    self.plugins = plugins
  }

  /// The running flows' ids, oldest first.
  var runningFlowIDs: [String] { children.compactMap { flowIDs[ObjectIdentifier($0)] } }

  /// Starts the home flow.
  override func start() { start(route: .home) }

  /// Starts where the launch instructor said.
  func start(route: LaunchRoute) {
    switch route {
    case .home:
      startHome()
    case .link(let link):
      startHome()
      openReportingErrors(link)
    case .consent(let link):
      linkAfterConsent = link
      guard let factory = plugins.first(where: { $0.canOpen(Self.consentLink) }) else {
        startHome()
        return
      }
      let flow = makeFlow(factory)
      consentFlow = flow
      if !flow.start(with: Self.consentLink) { startHome() }
    }
  }

  /// Links from the terminal's `:` prompt and `--open` arrive here.
  override func start(with link: DeepLink) -> Bool {
    (try? open(link)) != nil
  }

  /// Opens `link`: running flows first, newest first, then the flow that claims its path,
  /// built on top of the home flow after closing whatever stood above it.
  ///
  /// - Throws: ``DeepLinkError/unhandled(_:)`` when no flow opens it; the stack is unchanged.
  func open(_ link: DeepLink) throws(DeepLinkError) {
    guard consentFlow == nil else { throw .unhandled(link) }
    guard let factory = plugins.first(where: { $0.canOpen(link) }) else { throw .unhandled(link) }
    for child in children.reversed() where child.start(with: link) { return }

    let home = startHome()
    if factory.id == plugins[0].id {
      guard home.start(with: link) else { throw .unhandled(link) }
      return
    }
    if let homeRoot = router.stack.entries.first(where: { $0.isOwned(by: home) }) {
      router.pop(to: homeRoot.screen)
    }
    let flow = makeFlow(factory)
    guard flow.start(with: link) else {
      router.close(flow)
      removeChild(flow)
      throw .unhandled(link)
    }
  }

  /// Closes every flow's screens, newest first, as the app ends: their presenters go and stop
  /// their background work (a Vision screen waits for its recognition threads), so nothing
  /// still runs while the process exits.
  func closeAllFlows() {
    for flow in children.reversed() { router.close(flow) }
  }

  /// The running home flow, started when it is not running.
  @discardableResult
  private func startHome() -> any FlowCoordinator {
    let home = plugins[0]
    if let running = children.first(where: { flowIDs[ObjectIdentifier($0)] == home.id })
      as? any FlowCoordinator
    {
      return running
    }
    let flow = makeFlow(home)
    flow.start()
    return flow
  }

  private func makeFlow(_ factory: any FlowFactory) -> any FlowCoordinator {
    let flow = factory.makeCoordinator(router: router)
    flowIDs[ObjectIdentifier(flow)] = factory.id
    addChild(flow)
    flow.onRequest = { [weak self] request in self?.handle(request) }
    flow.onFinish = { [weak self, weak flow] result in
      guard let self, let flow else { return }
      self.flowFinished(flow, result: result)
    }
    return flow
  }

  private func handle(_ request: FlowRequest) {
    switch request {
    case .open(let link): openReportingErrors(link)
    case .quit: cancel()
    }
  }

  private func openReportingErrors(_ link: DeepLink) {
    do {
      try open(link)
    } catch {
      showMessage?(error.description)
    }
  }

  private func flowFinished(_ flow: any FlowCoordinator, result: CoordinatorResult<FlowOutcome>) {
    let id = flowIDs.removeValue(forKey: ObjectIdentifier(flow))
    router.close(flow)
    if flow === consentFlow {
      consentFlow = nil
      guard result == .completed(.accepted) else { return cancel() }
      onConsentAccepted?()
      startHome()
      if let link = linkAfterConsent {
        linkAfterConsent = nil
        openReportingErrors(link)
      }
      return
    }
    if id == plugins[0].id { cancel() }
  }
}

extension DeepLink {
  /// A link written in the source, with one plain path segment.
  static func constant(_ segment: String) -> DeepLink {
    guard let link = try? DeepLink(path: [segment]) else { preconditionFailure("invalid segment \(segment)") }
    return link
  }
}
