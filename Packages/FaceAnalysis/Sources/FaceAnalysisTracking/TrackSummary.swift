import FaceAnalysisInterface

/// One person's track over a whole source, as `--summary` prints it: when it was seen, in how
/// many frames, its dominant steady label and the mean of each of its faces' own scores.
public struct TrackSummary: Sendable, Equatable {
  /// The track's id.
  public let id: Int
  /// The time of the first frame the face was seen in, in seconds.
  public private(set) var firstTime: Double
  /// The time of the last frame the face was seen in, in seconds.
  public private(set) var lastTime: Double
  /// How many frames the face was seen in (frames where it was hidden or missed do not count).
  public private(set) var frames: Int
  private var labelCounts: [Int]
  private var scoreSums: [Double]

  /// A summary of a track first seen at `time` with the face's own `scores` and the track's
  /// steady `label`.
  public init(id: Int, time: Double, scores: EmotionScores, label: Emotion) {
    self.id = id
    firstTime = time
    lastTime = time
    frames = 0
    labelCounts = Array(repeating: 0, count: Emotion.allCases.count)
    scoreSums = Array(repeating: 0, count: Emotion.allCases.count)
    add(time: time, scores: scores, label: label)
  }

  /// Counts one more frame of the track, at `time`, with the face's own `scores` (as the model
  /// gave them) and the track's steady `label` in that frame.
  public mutating func add(time: Double, scores: EmotionScores, label: Emotion) {
    firstTime = min(firstTime, time)
    lastTime = max(lastTime, time)
    frames += 1
    labelCounts[Emotion.allCases.firstIndex(of: label) ?? 0] += 1
    for index in scoreSums.indices { scoreSums[index] += Double(scores.probabilities[index]) }
  }

  /// The steady label the track held in the most frames (the first in model order on ties).
  public var emotion: Emotion {
    var best = 0
    for index in labelCounts.indices where labelCounts[index] > labelCounts[best] { best = index }
    return Emotion.allCases[best]
  }

  /// The mean of the face's own per-frame scores over the track's frames (not of the smoothed
  /// ones: the model's figures, averaged once).
  public var meanScores: EmotionScores {
    EmotionScores { emotion in
      Float(scoreSums[Emotion.allCases.firstIndex(of: emotion) ?? 0] / Double(max(frames, 1)))
    }
  }
}
