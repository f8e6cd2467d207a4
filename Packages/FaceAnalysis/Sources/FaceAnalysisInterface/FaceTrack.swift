/// The person a face in a video or stream belongs to, and that person's steady emotion: the
/// tracker's view, added beside the face's own per-frame `emotion` and `scores`, which stay as
/// the model gave them.
public struct FaceTrack: Sendable, Equatable, Codable {
  /// The person's number within its source: 1, 2, 3… in the order their tracks are confirmed.
  public var id: Int
  /// The track's steady label: the leader of its smoothed scores, changed with hysteresis so
  /// that it does not flicker on a face that does not change.
  public var emotion: Emotion
  /// The track's smoothed probabilities.
  public var scores: EmotionScores

  /// A track's view of one face.
  public init(id: Int, emotion: Emotion, scores: EmotionScores) {
    self.id = id
    self.emotion = emotion
    self.scores = scores
  }
}
