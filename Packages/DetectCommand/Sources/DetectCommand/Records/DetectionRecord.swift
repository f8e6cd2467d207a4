import FaceAnalysis
import Media

/// The result for one image or video frame, as `emotions detect` reports it: the frame's
/// place and size, and its faces as the recognizer gave them.
struct DetectionRecord: Equatable, Sendable {
  /// Which frame this is.
  var key: FrameKey
  /// The frame's time in seconds from the start of its source (``Media/Frame/timestamp``).
  var time: Double
  /// The frame's width in pixels.
  var width: Int
  /// The frame's height in pixels.
  var height: Int
  /// The faces found, in the detector's order.
  var faces: [RecognizedFace]

  /// A record from its parts.
  init(key: FrameKey, time: Double, width: Int, height: Int, faces: [RecognizedFace]) {
    self.key = key
    self.time = time
    self.width = width
    self.height = height
    self.faces = faces
  }

  /// The record of a recognised frame.
  init(frame: Frame, faces: [RecognizedFace]) {
    self.init(
      key: FrameKey(source: frame.source, frame: frame.index), time: frame.timestamp,
      width: frame.image.width,
      height: frame.image.height, faces: faces)
  }
}
