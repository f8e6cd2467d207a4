/// Changes the route stack of one window. Every change goes through here, the user's back included.
///
/// Each screen is shown on behalf of a coordinator, its owner. When the last entry a
/// coordinator owns leaves the stack, the router calls
/// ``Coordinator/routerDidRemoveLastEntry()`` on it, exactly as if the coordinator had been
/// told "the user left your flow".
@MainActor
public protocol Routing: AnyObject {
  /// The current stack, bottom to top.
  var stack: RouteStack { get }

  /// Replaces the whole stack with one screen.
  func setRoot(_ screen: any Presentable, route: Route, query: [DeepLink.QueryItem], owner: any Coordinator)

  /// Pushes a screen on top of the current one.
  func push(_ screen: any Presentable, route: Route, query: [DeepLink.QueryItem], owner: any Coordinator)

  /// Presents a screen modally; it can host pushed screens of its own.
  func present(_ screen: any Presentable, route: Route, query: [DeepLink.QueryItem], owner: any Coordinator)

  /// Pops the top screen if it was pushed.
  func pop()

  /// Dismisses the topmost modal with everything pushed on it.
  func dismiss()

  /// Pops to the first screen of the top context (the topmost modal, or the root).
  func popToRoot()

  /// Pops every screen above `screen`.
  func pop(to screen: any Presentable)

  /// The user's back: pops a pushed screen or dismisses a modal. Returns false at the root.
  @discardableResult func goBack() -> Bool

  /// Removes the first screen `coordinator` owns and everything above it, for a flow that
  /// finished with a value and takes its screens with it.
  func close(_ coordinator: any Coordinator)
}

extension Routing {
  /// Replaces the whole stack with one screen that has no query items.
  public func setRoot(_ screen: any Presentable, route: Route, owner: any Coordinator) {
    setRoot(screen, route: route, query: [], owner: owner)
  }

  /// Pushes a screen that has no query items.
  public func push(_ screen: any Presentable, route: Route, owner: any Coordinator) {
    push(screen, route: route, query: [], owner: owner)
  }

  /// Presents a screen that has no query items.
  public func present(_ screen: any Presentable, route: Route, owner: any Coordinator) {
    present(screen, route: route, query: [], owner: owner)
  }
}
