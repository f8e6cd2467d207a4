import FaceAnalysis
import Media

/// One frame on its way through a `detect` run: read, then recognised (``FrameFeed``), then
/// given its faces' tracks (``TrackingStage``), then drawn and recorded (``InputRun``).
struct DetectedFrame: Sendable {
  /// The frame.
  var frame: Frame
  /// Its faces, in the detector's order; nil for a frame read and not recognised (between
  /// every Nth of a drawn video, which is drawn with the last frame's faces and has no record, or
  /// passed over).
  var faces: [RecognizedFace]?
  /// Whether the frame was passed over, its record written by a killed run: it is neither drawn
  /// nor recorded again.
  var isPassedOver = false
}
