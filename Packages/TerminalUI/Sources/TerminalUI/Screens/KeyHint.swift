/// A key and what it does, for the footer and the help overlay: `KeyHint("Enter", "open")`.
public struct KeyHint: Hashable, Sendable {
  /// The key as the user reads it, such as `↑↓` or `Enter`.
  public var keys: String
  /// What it does, such as `move` or `open`.
  public var action: String

  /// Creates a hint.
  public init(_ keys: String, _ action: String) {
    self.keys = keys
    self.action = action
  }
}
