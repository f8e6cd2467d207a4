import Navigation

/// The top of the coordinator tree: starts flows from the plugin list, passes deep links
/// down, answers the flows' requests, and quits when the last flow finishes.
///
/// The home flow's first screen is the root of the stack, and every other flow is built on
/// top of it. Launch requirements (consent) run before anything else, each as the flow that
/// opens its link, on an empty stack.
@MainActor
final class ApplicationCoordinator: BaseCoordinator<Void> {
  private let router: any Routing
  private let plugins: FlowPlugins
  private var flowIDs: [ObjectIdentifier: String] = [:]
  private weak var requirementFlow: FlowCoordinator?
  private var pendingRequirements: [LaunchRequirement] = []
  private var linkAfterRequirements: DeepLink?

  /// Called when the user meets a launch requirement, to remember it.
  var onRequirementMet: ((LaunchRequirement) -> Void)?

  /// Shows a one-line message to the user, such as a link nothing opens.
  var showMessage: ((DeepLinkError) -> Void)?

  /// Whether a launch requirement is running: nothing else opens, and its stack is not one
  /// to come back to.
  var isRunningRequirement: Bool { requirementFlow != nil }

  /// Whether the app is closing its flows as it ends, so their screens leave on no one's
  /// request.
  private(set) var isClosing = false

  /// Creates the coordinator over the app's flows.
  init(router: any Routing, plugins: FlowPlugins) {
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
    case .requirements(let requirements, let link):
      pendingRequirements = requirements
      linkAfterRequirements = link
      runNextRequirement()
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
    guard requirementFlow == nil, let factory = plugins.factory(opening: link) else { throw .unhandled(link) }
    for child in children.reversed() where child.start(with: link) { return }

    guard let home = startHome() else { throw .unhandled(link) }
    if factory.id == plugins.home?.id {
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
    isClosing = true
    for flow in children.reversed() { router.close(flow) }
  }

  /// The running home flow, started when it is not running; `nil` when the app has no flow.
  @discardableResult
  private func startHome() -> FlowCoordinator? {
    guard let home = plugins.home else {
      cancel()
      return nil
    }
    if let running = children.first(where: { flowIDs[ObjectIdentifier($0)] == home.id }) as? FlowCoordinator {
      return running
    }
    let flow = makeFlow(home)
    flow.start()
    return flow
  }

  /// Runs the first pending requirement on an empty stack; when none is left, goes on to
  /// the link given at launch, or home.
  private func runNextRequirement() {
    guard let requirement = pendingRequirements.first else {
      startHome()
      if let link = linkAfterRequirements {
        linkAfterRequirements = nil
        openReportingErrors(link)
      }
      return
    }
    guard let factory = plugins.factory(opening: requirement.link) else {
      pendingRequirements.removeFirst()
      return runNextRequirement()
    }
    let flow = makeFlow(factory)
    requirementFlow = flow
    if !flow.start(with: requirement.link) {
      requirementFlow = nil
      router.close(flow)
      removeChild(flow)
      cancel()
    }
  }

  private func makeFlow(_ factory: any FlowFactory) -> FlowCoordinator {
    let flow = factory.makeCoordinator(router: router)
    let id = factory.id
    flowIDs[ObjectIdentifier(flow)] = id
    flow.onRequest = { [weak self] request in self?.handle(request) }
    addChild(flow) { [weak self, weak flow] result in
      guard let self, let flow else { return }
      self.flowFinished(flow, id: id, result: result)
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
      showMessage?(error)
    }
  }

  private func flowFinished(_ flow: FlowCoordinator, id: String, result: CoordinatorResult<Void>) {
    flowIDs.removeValue(forKey: ObjectIdentifier(flow))
    router.close(flow)
    if flow === requirementFlow {
      requirementFlow = nil
      guard case .completed = result, !pendingRequirements.isEmpty else { return cancel() }
      onRequirementMet?(pendingRequirements.removeFirst())
      return runNextRequirement()
    }
    if id == plugins.home?.id, !isClosing { cancel() }
  }
}
