import Navigation

/// A public extension of another module's type is public API of the flow too.
extension FlowFactory {
  /// Whether this is the Alpha flow.
  public var isAlpha: Bool { id == "alpha" }
}
