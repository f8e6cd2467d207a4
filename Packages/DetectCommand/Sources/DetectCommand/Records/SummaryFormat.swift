import FaceAnalysis
import FaceAnalysisTracking

/// `--summary`: one row per person of each video (a ``TrackSummary``): `source`, `track`,
/// `first_time`, `last_time`, `frames` (the frames the face was seen in), `emotion` (its
/// dominant steady label) and the mean of each of its faces' scores. CSV, or JSON lines for a
/// file whose name ends in `.jsonl` or `.json`; a table run prints the same rows after each
/// video.
enum SummaryFormat: Equatable {
  case csv, json

  /// The people of one video: its source, its input's index among all, and one summary each.
  struct People {
    /// The video as given.
    var source: String
    /// Its input's index among all the run's inputs.
    var input: Int
    /// Its people, in id order.
    var summaries: [TrackSummary]
  }

  /// The format a `--summary` file's name asks for.
  init(path: String) {
    let lowered = path.lowercased()
    self = lowered.hasSuffix(".jsonl") || lowered.hasSuffix(".json") ? .json : .csv
  }

  /// The CSV columns.
  static let columns =
    ["source", "track", "first_time", "last_time", "frames", "emotion"] + Emotion.allCases.map(\.rawValue)

  /// The whole file: CSV's header and rows (CRLF), or a JSON object a line; in a shard's run,
  /// each row stamped as records are (``PartStamp``), for `emotions merge`.
  func text(_ people: [People], stamping: PartStamping? = nil) -> String {
    let header = Self.columns + (stamping == nil ? [] : PartStamp.columns)
    var text = self == .csv ? header.joined(separator: ",") + CSV.lineEnding : ""
    for video in people {
      let stamp = stamping?.stamp(input: video.input, last: true)
      for summary in video.summaries {
        switch self {
        case .csv:
          text +=
            Self.row(summary, source: video.source)
            + (stamp.map { "," + $0.fields.joined(separator: ",") } ?? "")
          text += CSV.lineEnding
        case .json:
          let line = Self.line(summary, source: video.source)
          text += (stamp.map { String(line.dropLast()) + JSONLinesFormat.stamped($0) + "}" } ?? line) + "\n"
        }
      }
    }
    return text
  }

  /// One person as a CSV row, without its line ending.
  static func row(_ summary: TrackSummary, source: String) -> String {
    ([
      CSV.field(source), String(summary.id), JSONLinesFormat.number(summary.firstTime),
      JSONLinesFormat.number(summary.lastTime), String(summary.frames), summary.emotion.rawValue,
    ]
      + summary.meanScores.probabilities.map(JSONLinesFormat.number)).joined(separator: ",")
  }

  /// One person as a JSON object, without the newline.
  static func line(_ summary: TrackSummary, source: String) -> String {
    let scores = summary.meanScores.all.map {
      "\(JSONLinesFormat.quoted($0.emotion.rawValue)):\(JSONLinesFormat.number($0.score))"
    }
    return "{\"source\":\(JSONLinesFormat.quoted(source)),\"track\":\(summary.id),"
      + "\"first_time\":\(JSONLinesFormat.number(summary.firstTime)),\"last_time\":\(JSONLinesFormat.number(summary.lastTime)),"
      + "\"frames\":\(summary.frames),\"emotion\":\(JSONLinesFormat.quoted(summary.emotion.rawValue)),"
      + "\"scores\":{\(scores.joined(separator: ","))}}"
  }

  /// The people of one video as a table run prints them after its records.
  static func tableLines(_ summaries: [TrackSummary], source: String) -> [String] {
    guard !summaries.isEmpty else { return ["people in \(source): none followed"] }
    return ["people in \(source):"]
      + summaries.map { summary in
        let span = "\(TableFormat.seconds(summary.firstTime))–\(TableFormat.seconds(summary.lastTime)) s"
        let mean = summary.meanScores[summary.emotion]
        return "  #\(summary.id)  \(span)  \(summary.frames) frames  \(summary.emotion.rawValue) "
          + "(mean \(summary.emotion.rawValue) \(Int((mean * 100).rounded()))%)"
      }
  }
}
