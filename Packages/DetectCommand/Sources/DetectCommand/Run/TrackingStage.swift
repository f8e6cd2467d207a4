import FaceAnalysis
import FaceAnalysisTracking
import Media

/// One stream's faces given their tracks, the frames handed on in their order through one
/// ``TrackedFrameQueue``: a recognised frame waits until its faces' tracks are settled (so a
/// person's first frames get their id), and a frame read but not recognised waits behind it.
struct TrackingStage {
  private var queue = TrackedFrameQueue<DetectedFrame>()

  /// The people followed so far, one summary each, in id order.
  var summaries: [TrackSummary] { queue.tracker.summaries }

  /// Takes in the next frame, at its ``Media/Frame/timestamp``, and gives back those whose turn
  /// has come, in order, each face with its track.
  mutating func add(_ detected: DetectedFrame) -> [DetectedFrame] {
    let time = detected.frame.timestamp
    guard let faces = detected.faces else { return Self.tracked(queue.pass(detected, at: time)) }
    return Self.tracked(queue.add(detected, at: time, faces: faces))
  }

  /// Gives back every frame still waiting, at the end of the stream.
  mutating func finish() -> [DetectedFrame] {
    Self.tracked(queue.finish())
  }

  /// The people of the frames a killed run recorded, followed again as a run never stopped
  /// followed them: what `--summary` says of a video that run finished.
  static func people(of recorded: [RecordedFrame]) -> [TrackSummary] {
    var tracker = FaceTracker()
    for frame in recorded { _ = tracker.update(at: frame.time, faces: frame.faces) }
    return tracker.summaries
  }

  private static func tracked(_ released: [TrackedFrameQueue<DetectedFrame>.Released]) -> [DetectedFrame] {
    released.map { item in
      var detected = item.frame
      for (face, track) in item.tracks.enumerated() { detected.faces?[face].track = track }
      return detected
    }
  }
}
