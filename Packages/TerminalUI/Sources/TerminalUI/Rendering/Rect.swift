/// A rectangle of cells.
public struct Rect: Hashable, Sendable {
  /// The top left cell.
  public var origin: Point
  /// The size.
  public var size: Size

  /// Creates a rectangle.
  public init(x: Int, y: Int, width: Int, height: Int) {
    origin = Point(x: x, y: y)
    size = Size(width: width, height: height)
  }

  /// The first column.
  public var minX: Int { origin.x }
  /// The first row.
  public var minY: Int { origin.y }
  /// One past the last column.
  public var maxX: Int { origin.x + size.width }
  /// One past the last row.
  public var maxY: Int { origin.y + size.height }
  /// The width.
  public var width: Int { size.width }
  /// The height.
  public var height: Int { size.height }
}

extension Rect {
  /// Whether the cell at `x`, `y` lies inside.
  public func contains(x: Int, y: Int) -> Bool {
    x >= minX && x < maxX && y >= minY && y < maxY
  }
}
