/// Settings the app could reach into: a second public type, which the rule forbids.
public struct AlphaSettings {
  /// Whether the flow starts on Beta.
  public var startsOnBeta = false
}
