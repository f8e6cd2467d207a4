/// A point in image pixels (x to the right, y down), such as a face keypoint.
public struct FacePoint: Sendable, Equatable, Codable {
  /// Column, in pixels from the left edge.
  public var x: Double
  /// Row, in pixels from the top edge.
  public var y: Double

  /// A point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The six BlazeFace keypoints' names, in the model's order (left and right as seen in the
  /// image).
  public static let keypointNames = [
    "left_eye", "right_eye", "nose_tip", "mouth", "left_ear_tragion", "right_ear_tragion",
  ]
}
