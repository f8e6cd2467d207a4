import TerminalUI

/// A picture the virtual terminal shows, decoded from the kitty graphics protocol or sixel.
public struct TerminalPicture: Equatable, Sendable {
  /// The protocol it came in.
  public var graphics: TerminalGraphics
  /// The cell of its top left corner.
  public var origin: Point
  /// The cells it fills, for kitty (`c`, `r`); for sixel, the cells its pixels cover at the
  /// emulator's cell size.
  public var cells: Size
  /// Its pixels as sent.
  public var image: RGBImage
  /// The kitty image id; 0 for sixel.
  public var id: Int

  /// Whether the cell at `x`, `y` lies under the picture.
  public func covers(x: Int, y: Int) -> Bool {
    x >= origin.x && x < origin.x + cells.width && y >= origin.y && y < origin.y + cells.height
  }
}

/// What the virtual terminal answers to the graphics queries: kitty's, DA1's sixel
/// attribute and the cell size in pixels (`CSI 16 t`).
public struct VirtualGraphics: Equatable, Sendable {
  /// Answers the kitty graphics query `OK` and shows kitty pictures.
  public var kitty: Bool
  /// Lists sixel (attribute 4) in its DA1 answer and shows sixel pictures.
  public var sixel: Bool
  /// A cell's size in pixels, answered to `CSI 16 t`.
  public var cellSize: Size
  /// Whether it answers the queries at all; a test sends the answers itself when not, as a
  /// busy terminal does late.
  public var answers: Bool

  /// A terminal that answers as given.
  public init(
    kitty: Bool = false, sixel: Bool = false, cellSize: Size = Size(width: 10, height: 20),
    answers: Bool = true
  ) {
    self.kitty = kitty
    self.sixel = sixel
    self.cellSize = cellSize
    self.answers = answers
  }

  /// A terminal without graphics that still answers DA1, as most do.
  public static let none = VirtualGraphics()
}
