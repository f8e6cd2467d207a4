/// A ``Routing`` implementation over a ``RouteStack``, for subclasses to draw.
///
/// It applies each operation, sends a ``NavigationEvent`` before and after it, tells
/// subclasses that the stack changed, then finishes the coordinators whose last entry left,
/// topmost first, so children finish before parents, and tells the owner of a screen that
/// is on top again. TerminalUI's router and NavigationTesting's `TestRouter` both inherit
/// this logic.
@MainActor
open class StackRouter: Routing {
  /// The current stack.
  public private(set) var stack = RouteStack()

  private var observers: [@MainActor (NavigationEvent) -> Void] = []

  /// Creates a router with an empty stack.
  public init() {}

  /// Called after every change, before coordinators are told. Subclasses redraw here.
  open func stackDidChange(from oldStack: RouteStack) {}

  /// Calls `observer` with every change of the stack, before and after it is applied.
  /// The observer must capture coordinators and the router weakly.
  public func observeChanges(_ observer: @escaping @MainActor (NavigationEvent) -> Void) {
    observers.append(observer)
  }

  /// Replaces the whole stack with one screen.
  public func setRoot(
    _ screen: any Presentable, route: Route, query: [DeepLink.QueryItem], owner: any Coordinator
  ) {
    let entry = RouteEntry(screen: screen, route: route, query: query, style: .root, owner: owner)
    change(.setRoot) { $0.setRoot(entry) }
  }

  /// Pushes a screen on top of the current one.
  public func push(
    _ screen: any Presentable, route: Route, query: [DeepLink.QueryItem], owner: any Coordinator
  ) {
    append(RouteEntry(screen: screen, route: route, query: query, style: .push, owner: owner), as: .push)
  }

  /// Presents a screen modally.
  public func present(
    _ screen: any Presentable, route: Route, query: [DeepLink.QueryItem], owner: any Coordinator
  ) {
    append(RouteEntry(screen: screen, route: route, query: query, style: .modal, owner: owner), as: .present)
  }

  /// Pops the top screen if it was pushed.
  public func pop() { change(.pop) { $0.pop() } }

  /// Dismisses the topmost modal with everything pushed on it.
  public func dismiss() { change(.dismiss) { $0.dismiss() } }

  /// Pops to the first screen of the top context.
  public func popToRoot() { change(.popToRoot) { $0.popToRoot() } }

  /// Pops every screen above `screen`.
  public func pop(to screen: any Presentable) { change(.popTo) { $0.pop(to: screen) } }

  /// Pops a pushed screen or dismisses a modal; returns false at the root.
  @discardableResult
  public func goBack() -> Bool { change(.back) { $0.back() } }

  /// Removes the first screen `coordinator` owns and everything above it.
  public func close(_ coordinator: any Coordinator) { change(.close) { $0.close(coordinator) } }

  /// Puts `entry` on top of the stack, pushed or presented as its style says.
  private func append(_ entry: RouteEntry, as operation: NavigationEvent.Operation) {
    change(operation) {
      $0.append(entry, style: entry.style)
      return []
    }
  }

  /// Applies `operation` to a copy of the stack; when that changes anything, sends the
  /// events around installing it, then finishes owners left without entries and tells the
  /// owner of a screen that came back on top.
  @discardableResult
  private func change(
    _ kind: NavigationEvent.Operation, _ operation: (inout RouteStack) -> [RouteEntry]
  ) -> Bool {
    var next = stack
    let removed = operation(&next)
    guard !removed.isEmpty || next.entries.count > stack.entries.count else { return false }
    let from = stack.deepLink
    let to = next.deepLink
    notify(NavigationEvent(phase: .will, operation: kind, from: from, to: to))
    let oldStack = stack
    stack = next
    stackDidChange(from: oldStack)
    notify(NavigationEvent(phase: .did, operation: kind, from: from, to: to))

    let revealed = stack.top.flatMap { top in
      oldStack.entries.contains { $0.shows(top.screen) } && oldStack.top?.shows(top.screen) == false
        ? top : nil
    }
    var told: [ObjectIdentifier] = []
    for entry in removed {
      guard let owner = entry.owner, !told.contains(ObjectIdentifier(owner)) else { continue }
      told.append(ObjectIdentifier(owner))
      if !stack.contains(ownedBy: owner) { owner.routerDidRemoveLastEntry() }
    }
    if let revealed, stack.top?.shows(revealed.screen) == true {
      revealed.owner?.routerDidReveal(revealed.screen)
    }
    return true
  }

  private func notify(_ event: NavigationEvent) {
    for observer in observers { observer(event) }
  }
}
