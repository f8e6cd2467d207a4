import Navigation

/// Another flow's one public type.
public struct BetaFlowFactory: FlowFactory {
  /// Creates the factory.
  public init() {}

  /// `beta`.
  public var id: String { "beta" }
}
