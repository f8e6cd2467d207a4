import FaceAnalysis

/// The human-readable form of `emotions detect`: a header, then one row per face (or one
/// row saying `no face`).
struct TableFormat: RecordFormat {
  /// Whether a column says which person a face in a video is (not with `--no-tracks`).
  var tracks = true

  /// The header line.
  var header: String? {
    Self.pad("source", 28) + Self.pad("frame", 7, right: true) + Self.pad("time", 9, right: true) + "  "
      + (tracks ? Self.pad("person", 8) : "") + Self.pad("box", 22) + Self.pad("emotion", 10) + "score"
  }

  /// The rows for one record; a table is for people, and carries no stamp.
  func lines(for record: DetectionRecord, stamp: PartStamp?) -> [String] {
    Self.rows(for: record, tracks: tracks)
  }

  /// Nothing: a table is not merged.
  func endOfInput(_ source: String, stamp: PartStamp) -> String { "" }

  /// A table is for people: `--output` writes it, but `--resume` reads only the records of
  /// `--json` and `--format csv`, so a table file is read as JSON lines and refused.
  func read(_ bytes: [UInt8]) -> Result<RecordFile, RecordFile.Problem> {
    JSONLinesFormat().read(bytes)
  }

  private static func rows(for record: DetectionRecord, tracks: Bool) -> [String] {
    let prefix =
      pad(shortened(record.key.source), 28) + pad(String(record.key.frame), 7, right: true)
      + pad(seconds(record.time), 9, right: true) + "  "
    guard !record.faces.isEmpty else { return [prefix + "no face"] }
    return record.faces.map { face in
      let box = "[" + face.box.array.map(String.init).joined(separator: ",") + "]"
      let person = tracks ? pad(face.track.map { "#\($0.id)" } ?? "", 8) : ""
      return prefix + person + pad(box, 22) + pad(face.emotion.rawValue, 10) + percent(face.emotionScore)
    }
  }

  private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let gap = String(repeating: " ", count: max(1, width - text.count))
    return right ? gap + text : text + gap
  }

  private static func shortened(_ text: String) -> String {
    text.count <= 27 ? text : "…" + text.suffix(26)
  }

  /// A time in seconds to the millisecond: `1.250`.
  static func seconds(_ value: Double) -> String {
    let milliseconds = Int((value * 1000).rounded())
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  private static func percent(_ value: Float) -> String {
    "\(Int((value * 100).rounded()))%"
  }
}
