/// A point in image pixels (x to the right, y down), such as a face keypoint.
public struct PixelPoint: Sendable, Equatable, Codable {
  /// Column, in pixels from the left edge.
  public var x: Double
  /// Row, in pixels from the top edge.
  public var y: Double

  /// A point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}
