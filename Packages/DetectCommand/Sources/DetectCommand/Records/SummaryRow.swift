import FaceAnalysis
import FaceAnalysisTracking

/// One person of a video as `--summary` writes it (``SummaryFormat``) and `emotions merge`
/// reads it back: the video, the person's id, when and in how many frames they were seen,
/// their dominant steady emotion and the mean of their faces' scores.
struct SummaryRow: Equatable, Decodable {
  /// The video as given.
  var source: String
  /// The person's id in the video.
  var track: Int
  /// When the person was first seen, in seconds.
  var firstTime: Double
  /// When the person was last seen, in seconds.
  var lastTime: Double
  /// How many frames the person was seen in.
  var frames: Int
  /// The dominant steady emotion.
  var emotion: Emotion
  /// The mean of each of the faces' own scores.
  var meanScores: EmotionScores

  /// The row of a tracker's summary of one person of `source`.
  init(_ summary: TrackSummary, source: String) {
    self.init(
      source: source, track: summary.id, firstTime: summary.firstTime, lastTime: summary.lastTime,
      frames: summary.frames, emotion: summary.emotion, meanScores: summary.meanScores)
  }

  /// A row from its parts.
  init(
    source: String, track: Int, firstTime: Double, lastTime: Double, frames: Int, emotion: Emotion,
    meanScores: EmotionScores
  ) {
    self.source = source
    self.track = track
    self.firstTime = firstTime
    self.lastTime = lastTime
    self.frames = frames
    self.emotion = emotion
    self.meanScores = meanScores
  }

  /// The fields in ``SummaryFormat/columns`` order, unquoted.
  var fields: [String] {
    [
      source, String(track), RecordNumber.text(firstTime), RecordNumber.text(lastTime), String(frames),
      emotion.rawValue,
    ] + meanScores.probabilities.map(RecordNumber.text)
  }

  /// The row `fields` make, in ``SummaryFormat/columns`` order; nil when they do not make one.
  init?(fields: ArraySlice<String>) {
    let fields = Array(fields)
    guard fields.count == SummaryFormat.columns.count, let track = Int(fields[1]),
      let firstTime = Double(fields[2]), let lastTime = Double(fields[3]), let frames = Int(fields[4]),
      let emotion = Emotion(rawValue: fields[5]),
      let scores = EmotionScores(modelOrder: fields[6...].compactMap(RecordNumber.float))
    else { return nil }
    self.init(
      source: fields[0], track: track, firstTime: firstTime, lastTime: lastTime, frames: frames,
      emotion: emotion, meanScores: scores)
  }

  private enum Keys: String, CodingKey {
    case source, track, frames, emotion, scores
    case firstTime = "first_time"
    case lastTime = "last_time"
  }

  /// Reads one JSON line of a summary.
  init(from decoder: any Decoder) throws {
    let object = try decoder.container(keyedBy: Keys.self)
    guard let emotion = Emotion(rawValue: try object.decode(String.self, forKey: .emotion)) else {
      throw DecodingError.dataCorruptedError(forKey: .emotion, in: object, debugDescription: "not an emotion")
    }
    self.init(
      source: try object.decode(String.self, forKey: .source),
      track: try object.decode(Int.self, forKey: .track),
      firstTime: try object.decode(Double.self, forKey: .firstTime),
      lastTime: try object.decode(Double.self, forKey: .lastTime),
      frames: try object.decode(Int.self, forKey: .frames), emotion: emotion,
      meanScores: try object.decode(JSONScores.self, forKey: .scores).scores)
  }
}
