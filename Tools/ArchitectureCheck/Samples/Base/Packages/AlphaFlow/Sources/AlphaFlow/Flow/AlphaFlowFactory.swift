import Navigation

/// The flow's one public type.
public struct AlphaFlowFactory: FlowFactory {
  /// Creates the factory.
  public init() {}

  /// `alpha`.
  public var id: String { "alpha" }

  /// A nested type of the factory is part of its API, and allowed.
  public enum Mode: Sendable {
    /// The only mode.
    case plain
  }
}
