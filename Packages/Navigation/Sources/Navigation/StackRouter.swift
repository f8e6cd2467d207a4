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

  public func setRoot(
    _ screen: any Presentable, route: Route, query: [DeepLink.QueryItem], owner: any Coordinator
  ) {
    let entry = RouteEntry(screen: screen, route: route, query: query, style: .root, owner: owner)
    change { $0.setRoot(entry) }
  }

  public func push(_ screen: any Presentable, route: Route, query: [DeepLink.QueryItem], owner: any Coordinator) {
    let entry = RouteEntry(screen: screen, route: route, query: query, style: .push, owner: owner)
    change {
      $0.append(entry, style: .push)
      return []
    }
  }

  public func present(
    _ screen: any Presentable, route: Route, query: [DeepLink.QueryItem], owner: any Coordinator
  ) {
    let entry = RouteEntry(screen: screen, route: route, query: query, style: .modal, owner: owner)
    change {
      $0.append(entry, style: .modal)
      return []
    }
  }

  public func pop() { change { $0.pop() } }

  public func dismiss() { change { $0.dismiss() } }

  public func popToRoot() { change { $0.popToRoot() } }

  public func pop(to screen: any Presentable) { change { $0.pop(to: screen) } }

  @discardableResult
  public func goBack() -> Bool { change { $0.back() } }

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
