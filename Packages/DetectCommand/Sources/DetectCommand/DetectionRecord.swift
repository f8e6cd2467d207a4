/// The result for one image or video frame, as `emotions detect` reports it.
struct DetectionRecord: Equatable, Sendable {
  /// One face in the frame.
  struct Face: Equatable, Sendable {
    /// `[x, y, width, height]` in the frame's pixels.
    var box: [Int]
    /// The most likely label.
    var emotion: String
    /// Every label's probability, in model order.
    var scores: [(label: String, probability: Float)]
    /// How sure the face detector is (BlazeFace); nil for the Haar cascade.
    var detectorConfidence: Float? = nil
    /// The detector's keypoints as `[x, y]` pixels (BlazeFace's six); empty for the Haar cascade.
    var keypoints: [[Double]] = []

    static func == (lhs: Face, rhs: Face) -> Bool {
      lhs.box == rhs.box && lhs.emotion == rhs.emotion
        && lhs.scores.elementsEqual(rhs.scores) { $0.label == $1.label && $0.probability == $1.probability }
        && lhs.detectorConfidence == rhs.detectorConfidence && lhs.keypoints == rhs.keypoints
    }
  }

  /// The input as the user named it (a path, a camera, a lavfi graph).
  var source: String
  /// The frame's index in its source, from 0; always 0 for an image.
  var frame: Int
  /// The frame's time in seconds from the start of its source.
  var time: Double
  /// The frame's width in pixels.
  var width: Int
  /// The frame's height in pixels.
  var height: Int
  /// The faces found, largest first as the detector orders them.
  var faces: [Face]
}
