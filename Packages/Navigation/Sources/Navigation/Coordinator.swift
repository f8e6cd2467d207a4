/// Drives a part of the app: creates screens, decides what comes next, owns child coordinators.
///
/// Most coordinators subclass ``BaseCoordinator``; this protocol is what parents and routers
/// see of any coordinator, whatever its result type.
@MainActor
public protocol Coordinator: AnyObject {
  /// The running child coordinators, oldest first.
  var children: [any Coordinator] { get }

  /// Whether the coordinator has finished; a finished coordinator ignores further finishes.
  var isFinished: Bool { get }

  /// Shows the coordinator's first screen.
  func start()

  /// Moves to the place `link` names, building screens as needed.
  ///
  /// - Returns: `true` when this coordinator or one of its children handled the link.
  func start(with link: DeepLink) -> Bool

  /// Called by the router when the last entry this coordinator owns has left the stack.
  func routerDidRemoveLastEntry()

  /// Called by the router when `screen`, which this coordinator showed, is on top again
  /// because the screens above it left, so the coordinator can refresh it.
  func routerDidReveal(_ screen: any Presentable)
}
