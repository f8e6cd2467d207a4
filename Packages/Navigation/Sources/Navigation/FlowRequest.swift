/// A flow's request to whoever runs it.
public enum FlowRequest: Hashable, Sendable {
  /// Open this link; used to reach screens outside the flow without knowing their flow.
  case open(DeepLink)
  /// Quit the application.
  case quit
}
