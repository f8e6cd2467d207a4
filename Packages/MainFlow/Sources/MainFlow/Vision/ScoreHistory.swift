import FaceAnalysisInterface

/// The largest face's scores over the last seconds, for the sparkline: bounded by time and
/// by count, so it stays small however long the stream runs.
struct ScoreHistory: Equatable {
  /// One frame's sample.
  struct Sample: Equatable {
    /// Seconds on the source's clock: the frame's own time (``RecognizedFrame/time``), never
    /// the wall clock, so a screen that falls behind or drops frames does not stretch the line.
    var time: Double
    /// The largest face's scores, or `nil` when the frame had no face.
    var scores: EmotionScores?
  }

  /// How far back the history reaches, in seconds.
  let span: Double
  /// The most samples kept.
  let capacity: Int
  /// The samples, oldest first.
  private(set) var samples: [Sample] = []

  init(span: Double = 10, capacity: Int = 240) {
    self.span = span
    self.capacity = capacity
  }

  /// Adds a sample and forgets those older than ``span`` before it (all of them when time
  /// went backwards, as when a video starts again).
  mutating func add(time: Double, scores: EmotionScores?) {
    if let last = samples.last, time < last.time { samples.removeAll() }
    samples.append(Sample(time: time, scores: scores))
    let oldest = time - span
    if let firstKept = samples.firstIndex(where: { $0.time >= oldest }), firstKept > 0 {
      samples.removeFirst(firstKept)
    }
    if samples.count > capacity { samples.removeFirst(samples.count - capacity) }
  }

  /// The score of `emotion` in each sample, 0 for frames without a face.
  func values(of emotion: Emotion) -> [Double] {
    samples.map { sample in sample.scores.map { Double($0[emotion]) } ?? 0 }
  }

  /// Forgets everything.
  mutating func removeAll() { samples.removeAll() }
}
