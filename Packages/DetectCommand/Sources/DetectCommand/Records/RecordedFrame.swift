import FaceAnalysis

/// A frame's time and faces as its record holds them, read back: what a resumed run's tracker
/// is fed again for the frames it passes over.
struct RecordedFrame: Equatable, Sendable {
  /// The frame's time in seconds (``Media/Frame/timestamp``).
  var time: Double
  /// Its faces: box, scores and the detector's confidence in both formats; keypoints, embedding
  /// and track too in JSON lines.
  var faces: [RecognizedFace]
}
