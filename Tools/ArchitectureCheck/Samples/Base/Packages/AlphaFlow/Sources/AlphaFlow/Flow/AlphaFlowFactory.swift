import Navigation

/// The flow's one public type.
public struct AlphaFlowFactory: FlowFactory {
  /// Creates the factory.
  public init() {}

  /// `alpha`.
  public var id: String { "alpha" }

  /// The key under which the flow keeps the last choice; only this flow names it.
  static let lastChoiceKey = "alpha.lastChoice"

  /// A nested type of the factory is part of its API, and allowed.
  public enum Mode: Sendable {
    /// The only mode.
    case plain
  }
}
