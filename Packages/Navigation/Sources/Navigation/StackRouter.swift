/// A ``Routing`` implementation over a ``RouteStack``, for subclasses to draw.
///
/// It applies each operation, tells subclasses that the stack changed, and then finishes
/// the coordinators whose last entry left, topmost first, so children finish before parents.
/// TerminalUI's router and NavigationTesting's `TestRouter` both inherit this logic.
@MainActor
open class StackRouter: Routing {
  /// The current stack.
  public private(set) var stack = RouteStack()

  /// Creates a router with an empty stack.
  public init() {}

  /// Called after every change, before coordinators are told. Subclasses redraw here.
  open func stackDidChange(from oldStack: RouteStack) {}

  /// Replaces the whole stack with one screen.
  public func setRoot(
    _ screen: any Presentable, route: Route, query: [DeepLink.QueryItem], owner: any Coordinator
  ) {
    let entry = RouteEntry(screen: screen, route: route, query: query, style: .root, owner: owner)
    change { $0.setRoot(entry) }
  }

  /// Pushes a screen on top of the current one.
  public func push(
    _ screen: any Presentable, route: Route, query: [DeepLink.QueryItem], owner: any Coordinator
  ) {
    let entry = RouteEntry(screen: screen, route: route, query: query, style: .push, owner: owner)
    change {
      $0.append(entry, style: .push)
      return []
    }
  }

  /// Presents a screen modally.
  public func present(
    _ screen: any Presentable, route: Route, query: [DeepLink.QueryItem], owner: any Coordinator
  ) {
    let entry = RouteEntry(screen: screen, route: route, query: query, style: .modal, owner: owner)
    change {
      $0.append(entry, style: .modal)
      return []
    }
  }

  /// Pops the top screen if it was pushed.
  public func pop() { change { $0.pop() } }

  /// Dismisses the topmost modal with everything pushed on it.
  public func dismiss() { change { $0.dismiss() } }

  /// Pops to the first screen of the top context.
  public func popToRoot() { change { $0.popToRoot() } }

  /// Pops every screen above `screen`.
  public func pop(to screen: any Presentable) { change { $0.pop(to: screen) } }

  /// Pops a pushed screen or dismisses a modal; returns false at the root.
  @discardableResult
  public func goBack() -> Bool { change { $0.back() } }

  /// Removes the first screen `coordinator` owns and everything above it.
  public func close(_ coordinator: any Coordinator) { change { $0.close(coordinator) } }

  /// Applies `operation`, reports the change, then finishes owners left without entries.
  @discardableResult
  private func change(_ operation: (inout RouteStack) -> [RouteEntry]) -> Bool {
    let oldStack = stack
    let removed = operation(&stack)
    stackDidChange(from: oldStack)
    var told: [ObjectIdentifier] = []
    for entry in removed {
      guard let owner = entry.owner, !told.contains(ObjectIdentifier(owner)) else { continue }
      told.append(ObjectIdentifier(owner))
      if !stack.contains(ownedBy: owner) { owner.routerDidRemoveLastEntry() }
    }
    return !removed.isEmpty
  }
}
