/// One terminal cell: a character (with its combining marks) and its style.
///
/// A wide character fills two cells: the first holds it, the second is a continuation
/// that the renderer never writes.
public struct Cell: Hashable, Sendable {
  /// The character shown; a space for an empty cell.
  public var character: Character
  /// How it looks.
  public var style: Style
  /// Whether this cell is the right half of the wide character on its left.
  public var isContinuation: Bool

  /// Creates a cell.
  public init(_ character: Character = " ", style: Style = .plain, isContinuation: Bool = false) {
    self.character = character
    self.style = style
    self.isContinuation = isContinuation
  }

  /// An empty cell in the terminal's default colors.
  public static let blank = Cell()
}
