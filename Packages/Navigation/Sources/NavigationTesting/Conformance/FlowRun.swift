import Navigation

/// One flow coordinator running on its own ``TestRouter`` as the app runs a flow: a child of
/// a host coordinator, over the host's root screen (or on an empty stack, as the app runs a
/// launch requirement), closed by the host when it finishes.
@MainActor
final class FlowRun {
  /// The route of the host's root screen, which stands for the app's home screen.
  static let hostRoute = Route(screen: "Host", segment: "conformance-host")

  let router = TestRouter()
  private let host = BaseCoordinator<Void>()
  /// The running flow; `nil` once ``end()`` let it go.
  private(set) var flow: FlowCoordinator?
  /// Every result the flow delivered, in order: exactly one is the contract.
  private(set) var results: [CoordinatorResult<Void>] = []
  private let census = ObjectCensus()

  /// Makes the flow from `factory`, over the host's root screen unless `onEmptyStack`.
  init(_ factory: any FlowFactory, onEmptyStack: Bool = false) {
    if !onEmptyStack { router.setRoot(TestScreen("Host"), route: Self.hostRoute, owner: host) }
    let flow = factory.makeCoordinator(router: router)
    host.addChild(flow) { [weak self, weak flow] result in
      self?.results.append(result)
      // The app closes a finished flow's screens, as a flow that completed leaves them.
      if let flow { self?.router.close(flow) }
    }
    self.flow = flow
  }

  /// The entries the flow shows: all but the host's root.
  var flowEntries: [RouteEntry] { router.stack.entries.filter { !$0.isOwned(by: host) } }

  /// Whether any of the flow's screens is on the stack.
  var showsFlow: Bool { !flowEntries.isEmpty }

  /// The stack as conformance compares it.
  var signature: StackSignature { StackSignature(router.stack) }

  /// The link the stack writes.
  var link: DeepLink? { router.stack.deepLink }

  /// How many events the router sent: a refused link sends none.
  var eventCount: Int { router.events.count }

  /// Offers `link` to the flow's coordinator; records what it shows.
  func open(_ link: DeepLink) -> Bool {
    let handled = flow?.start(with: link) ?? false
    takeCensus()
    return handled
  }

  /// The user's back key; records what it shows.
  @discardableResult
  func back() -> Bool {
    let moved = router.goBack()
    takeCensus()
    return moved
  }

  /// Closes the flow's screens, as the app does when it ends or opens a link the flow refused.
  func close() {
    if let flow { router.close(flow) }
  }

  /// Records the screens, presenters and coordinators shown now.
  func takeCensus() { census.record(entries: flowEntries, coordinators: flow) }

  /// What is alive but neither shown, held by a shown screen, nor a running coordinator.
  var leftAlive: [String] { census.alive(except: flowEntries, coordinators: flow) }

  /// Lets the flow go and returns everything it made that is still alive.
  func end() -> [String] {
    flow = nil
    return census.alive(except: [], coordinators: nil)
  }
}
