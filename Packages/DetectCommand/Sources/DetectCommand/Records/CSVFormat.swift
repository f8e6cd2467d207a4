import FaceAnalysis

/// CSV (RFC 4180) for spreadsheets and pandas: a header, then one row per face, or one row
/// with empty face fields for a frame without a face.
///
/// Columns: `source,frame,time,x,y,w,h,emotion`, one column per emotion in model order, then
/// `detector_confidence` (BlazeFace's; empty for the Haar cascade). Numbers are written as
/// `--json` writes them, so both read back to the same values. Rows end with CRLF; fields are
/// written by ``CSV``.
struct CSVFormat: RecordFormat {
  /// Whether a new output starts with the header row (not when continuing a file that has it).
  var writesHeader = true

  /// The column names.
  static let columns =
    ["source", "frame", "time", "x", "y", "w", "h", "emotion"] + Emotion.allCases.map(\.rawValue)
    + ["detector_confidence"]

  /// The header row, without its line ending.
  static let headerRow = columns.map(CSV.field).joined(separator: ",")

  /// The header row, CR included (the output ends every line with LF).
  var header: String? { writesHeader ? Self.headerRow + "\r" : nil }

  /// The rows of one record, CR included.
  func lines(for record: DetectionRecord) -> [String] {
    Self.rows(for: record).map { $0 + "\r" }
  }

  /// The rows for one record, without their line endings.
  static func rows(for record: DetectionRecord) -> [String] {
    let prefix = [
      CSV.field(record.key.source), String(record.key.frame), JSONLinesFormat.number(record.time),
    ]
    guard !record.faces.isEmpty else {
      return [(prefix + Array(repeating: "", count: columns.count - prefix.count)).joined(separator: ",")]
    }
    return record.faces.map { face in
      let box = face.box.array.map(String.init)
      let scores = face.scores.probabilities.map(JSONLinesFormat.number)
      let confidence = face.detectorConfidence.map(JSONLinesFormat.number) ?? ""
      return (prefix + box + [CSV.field(face.emotion.rawValue)] + scores + [confidence]).joined(
        separator: ",")
    }
  }

  /// The header row, then rows of `source,frame,…`. Rows do not say how many faces their
  /// frame has, so the last frame's rows are never taken as whole: they go, with anything torn.
  func read(_ bytes: [UInt8]) -> Result<RecordFile, RecordFile.Problem> {
    let headerBytes = Array((Self.headerRow + CSV.lineEnding).utf8)
    var file = RecordFile()
    guard bytes.count >= headerBytes.count else {
      // Empty, or a header cut off: the file starts again with a whole header.
      guard headerBytes.starts(with: bytes) else { return .failure(notRecords(line: 1, bytes.first)) }
      return .success(file)
    }
    guard bytes.starts(with: headerBytes) else { return .failure(notRecords(line: 1, bytes.first)) }
    file.hasHeader = true
    file.wholeLength = headerBytes.count
    var start = headerBytes.count
    var line = 1
    while let (fields, end) = CSV.row(in: bytes, from: start) {
      line += 1
      guard fields.count >= 2, let frame = Int(fields[1]) else {
        return .failure(notRecords(line: line, bytes[start]))
      }
      let key = FrameKey(source: fields[0], frame: frame)
      if let last = file.entries.last, last.key == key {
        file.entries[file.entries.count - 1].bytes = last.bytes.lowerBound..<end
      } else {
        file.entries.append(RecordFile.Entry(key: key, bytes: start..<end))
      }
      start = end
    }
    file.entries.removeLast(file.entries.isEmpty ? 0 : 1)
    file.wholeLength = file.entries.last?.bytes.upperBound ?? headerBytes.count
    return .success(file)
  }

  private func notRecords(line: Int, _ first: UInt8?) -> RecordFile.Problem {
    .notRecords(line: line, looksLikeOtherFormat: line == 1 && first == UInt8(ascii: "{"))
  }
}
