/// Writes ``DetectionRecord``s as CSV (RFC 4180) for spreadsheets and pandas: a header,
/// then one row per face, or one row with empty face fields for a frame without a face.
///
/// Columns: `source,frame,time,x,y,w,h,emotion`, one column per label in model order, then
/// `detector_confidence` (BlazeFace's; empty for the Haar cascade).
/// Numbers are written as `--json` writes them, so both read back to the same values.
/// Rows end with CRLF, as RFC 4180 says; a field with a comma, a quote, a CR or an LF is
/// quoted, its quotes doubled.
struct CSVWriter: RecordFormat {
  /// The score columns, in model order.
  let labels: [String]
  /// Whether a new output starts with the header row (not when continuing a file that has it).
  var writesHeader = true

  /// The header row, CR included (the output ends every line with LF).
  var header: String? { writesHeader ? Self.header(labels: labels) + "\r" : nil }

  /// The rows of one record, CR included.
  func lines(for record: DetectionRecord) -> [String] {
    Self.rows(for: record, labels: labels).map { $0 + "\r" }
  }

  /// The header row for `labels`, without its line ending.
  static func header(labels: [String]) -> String {
    (["source", "frame", "time", "x", "y", "w", "h", "emotion"] + labels + ["detector_confidence"]).map(field)
      .joined(separator: ",")
  }

  /// The rows for one record, without their line endings; `labels` orders the scores.
  static func rows(for record: DetectionRecord, labels: [String]) -> [String] {
    let prefix = [field(record.source), String(record.frame), JSONLineWriter.number(record.time)]
    guard !record.faces.isEmpty else {
      return [(prefix + Array(repeating: "", count: 6 + labels.count)).joined(separator: ",")]
    }
    return record.faces.map { face in
      let box = (0..<4).map { $0 < face.box.count ? String(face.box[$0]) : "" }
      let scores = labels.map { label in
        face.scores.first { $0.label == label }.map { JSONLineWriter.number($0.probability) } ?? ""
      }
      let confidence = face.detectorConfidence.map(JSONLineWriter.number) ?? ""
      return (prefix + box + [field(face.emotion)] + scores + [confidence]).joined(separator: ",")
    }
  }

  /// The line ending RFC 4180 asks for.
  static let lineEnding = "\r\n"

  /// `text` as one field: as it is, or in quotes with its quotes doubled when it holds a
  /// comma, a quote, a line break, or space at either end (which some readers trim).
  static func field(_ text: String) -> String {
    let needsQuotes =
      text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
      || text.first == " " || text.last == " "
    guard needsQuotes else { return text }
    return "\"" + text.map { $0 == "\"" ? "\"\"" : String($0) }.joined() + "\""
  }
}
