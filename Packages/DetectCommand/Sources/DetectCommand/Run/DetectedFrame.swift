import FaceAnalysis
import Media

/// One frame on its way through a `detect` run: read, then recognised (``FrameFeed``), then
/// given its faces' tracks (``TrackingStage``), then drawn and recorded (``InputRun``).
struct DetectedFrame: Sendable {
  /// The frame.
  var frame: Frame
  /// Its faces, in the detector's order: as recognised, or as the killed run recorded them for a
  /// frame passed over; nil for a frame read and not recognised (between every Nth of a drawn
  /// video), which is drawn with the last frame's faces and has no record.
  var faces: [RecognizedFace]?
  /// Whether the frame was passed over, its faces read back from the record a killed run wrote:
  /// it is fed to the tracker, so that the frames after it get the tracks of a run never
  /// stopped, and is neither drawn nor recorded again.
  var isPassedOver = false
}
