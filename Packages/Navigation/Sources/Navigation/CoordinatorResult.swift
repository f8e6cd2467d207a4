/// How a coordinator ended.
public enum CoordinatorResult<Output> {
  /// The flow reached its end and produced a value.
  case completed(Output)
  /// The user left the flow, or a parent closed it, before it produced a value.
  case cancelled
}

extension CoordinatorResult: Sendable where Output: Sendable {}
extension CoordinatorResult: Equatable where Output: Equatable {}
