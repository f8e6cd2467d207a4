/// An axis-aligned rectangle in image pixels: `x, y` is the top-left corner.
public struct BoundingBox: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Left edge (column of the first pixel inside).
  public var x: Int
  /// Top edge (row of the first pixel inside).
  public var y: Int
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// A rectangle from its corner and size.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// `[x, y, width, height]`, the form fer and OpenCV print.
  public var array: [Int] { [x, y, width, height] }

  /// `x,y widthxheight`.
  public var description: String { "\(x),\(y) \(width)x\(height)" }

  /// The part of the rectangle inside `0..<width`, `0..<height`, or nil when nothing is left.
  public func clipped(width imageWidth: Int, height imageHeight: Int) -> BoundingBox? {
    let left = max(x, 0)
    let top = max(y, 0)
    let right = min(x + width, imageWidth)
    let bottom = min(y + height, imageHeight)
    guard right > left, bottom > top else { return nil }
    return BoundingBox(x: left, y: top, width: right - left, height: bottom - top)
  }
}
