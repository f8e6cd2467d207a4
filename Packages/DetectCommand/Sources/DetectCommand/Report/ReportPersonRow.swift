import FaceAnalysis

/// One person of a video as the report shows them: their id, when and in how many frames they
/// were seen, their dominant steady emotion, how many of their frames had each steady label,
/// and the face to show (the largest and surest).
struct ReportPersonRow: Equatable, Sendable {
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
  /// How many of their recorded frames had each steady label, in ``Emotion/allCases`` order.
  var labelFrames: [Int]
  /// Their face with the largest area × detector confidence (the first such in frame order),
  /// to show; nil when the records hold no face of theirs.
  var shownFace: ThumbnailRequest?

  /// The people of one video's records (sorted by frame), in id order: each as `summary`
  /// gives them when it is given (one row per person it names, whatever the records hold),
  /// else as the records' tracks show them.
  static func people(in records: [DetectionRecord], summary: [SummaryRow]?) -> [ReportPersonRow] {
    var seen: [Int: ReportPersonRow] = [:]
    var best: [Int: Double] = [:]
    for record in records {
      for face in record.faces {
        guard let track = face.track else { continue }
        var row =
          seen[track.id]
          ?? ReportPersonRow(
            track: track.id, firstTime: record.time, lastTime: record.time, frames: 0, emotion: track.emotion,
            labelFrames: Array(repeating: 0, count: Emotion.allCases.count), shownFace: nil)
        row.add(time: record.time, label: track.emotion)
        let weight = Self.weight(of: face)
        if row.shownFace == nil || weight > best[track.id] ?? -.infinity {
          best[track.id] = weight
          row.shownFace = ThumbnailRequest(source: record.key.source, frame: record.key.frame, box: face.box)
        }
        seen[track.id] = row
      }
    }
    guard let summary else { return seen.keys.sorted().compactMap { seen[$0] } }
    return summary.sorted { $0.track < $1.track }.map { person in
      var row =
        seen[person.track]
        ?? ReportPersonRow(
          track: person.track, firstTime: person.firstTime, lastTime: person.lastTime, frames: person.frames,
          emotion: person.emotion, labelFrames: Array(repeating: 0, count: Emotion.allCases.count),
          shownFace: nil)
      row.firstTime = person.firstTime
      row.lastTime = person.lastTime
      row.frames = person.frames
      row.emotion = person.emotion
      return row
    }
  }

  /// How well a face shows its person: its box's area times the detector's confidence (1 when
  /// the detector gives none, 0 when it is not a number).
  static func weight(of face: RecognizedFace) -> Double {
    let confidence = Double(face.detectorConfidence ?? 1)
    return Double(max(face.box.width, 0) * max(face.box.height, 0)) * (confidence.isFinite ? confidence : 0)
  }

  /// Counts one more frame of the person, at `time`, with the steady `label`; the dominant
  /// emotion is the label of the most frames (the first in model order on ties).
  private mutating func add(time: Double, label: Emotion) {
    firstTime = min(firstTime, time)
    lastTime = max(lastTime, time)
    frames += 1
    labelFrames[Emotion.allCases.firstIndex(of: label) ?? 0] += 1
    var leader = 0
    for index in labelFrames.indices where labelFrames[index] > labelFrames[leader] { leader = index }
    emotion = Emotion.allCases[leader]
  }
}
