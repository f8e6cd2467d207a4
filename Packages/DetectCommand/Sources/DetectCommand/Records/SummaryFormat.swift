import FaceAnalysis
import FaceAnalysisTracking
import Foundation

/// `--summary`: one row per person of each video (a ``SummaryRow``): `source`, `track`,
/// `first_time`, `last_time`, `frames` (the frames the face was seen in), `emotion` (its
/// dominant steady label) and the mean of each of its faces' scores. CSV, or JSON lines for a
/// file whose name ends in `.jsonl` or `.json`; a table run prints the same rows after each
/// video. Read back by the same parsers as the records (``CSV``, `JSONDecoder`).
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

  /// A row as a summary file holds it: with the stamp of its video's input in a shard's.
  typealias StampedRow = (row: SummaryRow, stamp: PartStamp?)

  /// The format a `--summary` file's name asks for.
  init(path: String) {
    let lowered = path.lowercased()
    self = lowered.hasSuffix(".jsonl") || lowered.hasSuffix(".json") ? .json : .csv
  }

  /// The CSV columns.
  static let columns =
    ["source", "track", "first_time", "last_time", "frames", "emotion"] + Emotion.allCases.map(\.rawValue)

  /// The whole file of a run's people; in a shard's run, each row stamped as records are
  /// (``PartStamp``), for `emotions merge`.
  func text(_ people: [People], stamping: PartStamping? = nil) -> String {
    text(
      people.flatMap { video in
        let stamp = stamping?.stamp(input: video.input, last: true)
        return video.summaries.map { (SummaryRow($0, source: video.source), stamp) }
      }, stamped: stamping != nil)
  }

  /// The whole file: CSV's header and rows (CRLF), or a JSON object a line; `stamped` adds the
  /// stamp's columns to CSV's header.
  func text(_ rows: [StampedRow], stamped: Bool) -> String {
    switch self {
    case .csv:
      let header = CSV.line(Self.columns + (stamped ? PartStamp.columns : [])) + CSV.lineEnding
      return header
        + rows.map { CSV.line($0.row.fields + ($0.stamp?.fields ?? [])) + CSV.lineEnding }.joined()
    case .json:
      return rows.map { Self.line($0.row, stamp: $0.stamp) + "\n" }.joined()
    }
  }

  /// One person as a JSON object, without the newline; a stamp's keys come last.
  static func line(_ row: SummaryRow, stamp: PartStamp? = nil) -> String {
    "{\"source\":\(JSONLinesFormat.quoted(row.source)),\"track\":\(row.track),"
      + "\"first_time\":\(RecordNumber.text(row.firstTime)),\"last_time\":\(RecordNumber.text(row.lastTime)),"
      + "\"frames\":\(row.frames),\"emotion\":\(JSONLinesFormat.quoted(row.emotion.rawValue)),"
      + "\"scores\":{\(JSONLinesFormat.scores(row.meanScores))}\(stamp?.jsonKeys ?? "")}"
  }

  /// A summary file read back: its form and its rows, each with its stamp in a shard's; nil
  /// when `bytes` are not a whole summary. An empty file is a summary without people.
  static func read(_ bytes: [UInt8]) -> (format: SummaryFormat, rows: [StampedRow])? {
    guard let first = bytes.first else { return (.json, []) }
    return first == UInt8(ascii: "{")
      ? readJSON(bytes).map { (.json, $0) } : readCSV(bytes).map { (.csv, $0) }
  }

  private static func readCSV(_ bytes: [UInt8]) -> [StampedRow]? {
    guard let (names, headerEnd) = CSV.row(in: bytes, from: 0),
      names == columns || names == columns + PartStamp.columns
    else { return nil }
    let stamped = names.count > columns.count
    var rows: [StampedRow] = []
    var start = headerEnd
    while let (fields, end) = CSV.row(in: bytes, from: start) {
      let stamp = stamped ? PartStamp(fields: Array(fields.suffix(PartStamp.columns.count))) : nil
      guard let row = SummaryRow(fields: fields.dropLast(stamped ? PartStamp.columns.count : 0)),
        stamped == (stamp != nil)
      else { return nil }
      rows.append((row, stamp))
      start = end
    }
    return start == bytes.count ? rows : nil
  }

  private static func readJSON(_ bytes: [UInt8]) -> [StampedRow]? {
    var rows: [StampedRow] = []
    var start = 0
    let decoder = JSONDecoder()
    while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
      guard let line = try? decoder.decode(StampedLine.self, from: Data(bytes[start..<newline])) else {
        return nil
      }
      rows.append((line.row, line.stamp))
      start = newline + 1
    }
    return start == bytes.count ? rows : nil
  }

  /// One JSON line of a summary: the row and its stamp.
  private struct StampedLine: Decodable {
    let row: SummaryRow
    let stamp: PartStamp?

    init(from decoder: any Decoder) throws {
      row = try SummaryRow(from: decoder)
      stamp = try PartStamp.decodeIfPresent(from: decoder)
    }
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
