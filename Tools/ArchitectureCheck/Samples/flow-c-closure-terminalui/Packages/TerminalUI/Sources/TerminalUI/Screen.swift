/// A stand-in for a TerminalUI screen.
public struct Screen {
  /// The title.
  public var title: String

  /// Creates a screen.
  public init(title: String) { self.title = title }
}
