/// A stand-in for a TerminalUI screen, with a type error.
public struct Screen {
  /// The title.
  public var title: String = 42

  /// Creates a screen.
  public init() {}
}
