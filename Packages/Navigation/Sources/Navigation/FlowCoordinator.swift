/// What a parent sees of a flow's coordinator: the coordinator itself, plus the only two
/// ways a flow talks outward, a request or its finish.
@MainActor
public protocol FlowCoordinator: Coordinator {
  /// Receives the flow's requests to its parent, such as opening a deep link that names
  /// another flow. Must capture the parent weakly.
  var onRequest: ((FlowRequest) -> Void)? { get set }

  /// Receives the flow's end, once: completed with what the flow reports, or cancelled.
  /// ``BaseCoordinator`` with an output of ``FlowOutcome`` provides it.
  var onFinish: ((CoordinatorResult<FlowOutcome>) -> Void)? { get set }
}
