/// The coordinator of a flow, as the app runs it: a ``BaseCoordinator`` whose only two ways
/// of talking outward are a request to the app and its finish.
///
/// A flow finishes `.completed` when it reached its end (its home screen's Quit, a launch
/// requirement met) and `.cancelled` when the user left it. Values travel inside a flow, from
/// child coordinators to their parents, as each child's typed result.
@MainActor
open class FlowCoordinator: BaseCoordinator<Void> {
  /// Receives the flow's requests to the app, such as opening a link that names another
  /// flow. Set by the app; it must capture the app weakly.
  public var onRequest: ((FlowRequest) -> Void)?

  /// Creates a flow coordinator with no children.
  public override init() {}

  /// Asks the app for something outside the flow.
  public func request(_ request: FlowRequest) { onRequest?(request) }
}
