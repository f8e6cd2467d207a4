/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// Creates a size; negative values are clamped to zero.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// `80x24`.
  public var description: String { "\(width)x\(height)" }
}

/// A cell position: column `x`, row `y`, both from zero at the top left.
public struct Point: Hashable, Sendable {
  /// The column.
  public var x: Int
  /// The row.
  public var y: Int

  /// Creates a point.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}

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
