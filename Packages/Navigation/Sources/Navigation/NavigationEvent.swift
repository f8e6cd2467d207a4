/// A change of the route stack, sent to the router's observers twice: before it is applied
/// (``Phase/will``) and after (``Phase/did``), each time with the stack's link before and after.
public struct NavigationEvent: Hashable, Sendable, CustomStringConvertible {
  /// Before or after the change.
  public enum Phase: String, Hashable, Sendable {
    /// The change is about to be applied; the stack is still `from`.
    case will
    /// The change was applied; the stack is now `to`. Coordinators are told after this.
    case did
  }

  /// The ``Routing`` operation that changes the stack, or the user's back.
  public enum Operation: String, Hashable, Sendable {
    case setRoot = "set-root"
    case push
    case present
    case pop
    case dismiss
    case popToRoot = "pop-to-root"
    case popTo = "pop-to"
    case back
    case close
  }

  /// Before or after.
  public var phase: Phase
  /// What changes the stack.
  public var operation: Operation
  /// The stack's link before the change; `nil` for an empty stack.
  public var from: DeepLink?
  /// The stack's link after the change; `nil` for an empty stack.
  public var to: DeepLink?

  /// Creates an event.
  public init(phase: Phase, operation: Operation, from: DeepLink?, to: DeepLink?) {
    self.phase = phase
    self.operation = operation
    self.from = from
    self.to = to
  }

  /// `will push main -> main/detail?id=1`, with `-` for an empty stack.
  public var description: String { describe { $0.description } }

  /// The event in one line, with each link written by `write` (for example with the app's
  /// scheme) and `-` for an empty stack.
  public func describe(writingLinks write: (DeepLink) -> String) -> String {
    "\(phase.rawValue) \(operation.rawValue) \(from.map(write) ?? "-") -> \(to.map(write) ?? "-")"
  }
}
