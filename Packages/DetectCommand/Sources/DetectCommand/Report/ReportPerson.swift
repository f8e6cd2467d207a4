import FaceAnalysis
import FaceAnalysisTracking

/// One person of a video as a `--summary` file holds them (``SummaryFormat``): the report
/// shows one row per such person, with their own figures, instead of working the people out
/// from the records.
struct ReportPerson: Equatable, Sendable {
  /// The video as given.
  var source: String
  /// The person's id in the video.
  var track: Int
  /// When they were first seen, in seconds.
  var firstTime: Double
  /// When they were last seen, in seconds.
  var lastTime: Double
  /// How many frames they were seen in.
  var frames: Int
  /// Their dominant steady emotion.
  var emotion: Emotion

  /// A person from their parts.
  init(source: String, track: Int, firstTime: Double, lastTime: Double, frames: Int, emotion: Emotion) {
    self.source = source
    self.track = track
    self.firstTime = firstTime
    self.lastTime = lastTime
    self.frames = frames
    self.emotion = emotion
  }

  /// A tracker's summary of one person of `source`, as `detect` holds it at the end of a run.
  init(_ summary: TrackSummary, source: String) {
    self.init(
      source: source, track: summary.id, firstTime: summary.firstTime, lastTime: summary.lastTime,
      frames: summary.frames, emotion: summary.emotion)
  }
}
