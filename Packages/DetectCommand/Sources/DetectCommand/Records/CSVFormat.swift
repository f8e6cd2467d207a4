import FaceAnalysis

/// CSV (RFC 4180) for spreadsheets and pandas: a header, then one row per face, or one row
/// with empty face fields for a frame without a face.
///
/// Columns: `source,frame,time,x,y,w,h,emotion`, one column per emotion in model order, then
/// `detector_confidence` (BlazeFace's; empty for the Haar cascade), and, unless `--no-tracks`,
/// `track` and `track_emotion` (the person and their steady emotion in a video; empty for a
/// photo). Numbers are written as
/// `--json` writes them, so both read back to the same values. Rows end with CRLF; fields are
/// written by ``CSV``.
struct CSVFormat: RecordFormat {
  /// Whether a new output starts with the header row (not when continuing a file that has it).
  var writesHeader = true
  /// Whether the rows are a part's, with the ``PartStamp`` columns after the record's.
  var stamped = false
  /// Whether the rows have the person columns (`track`, `track_emotion`).
  var tracks = true

  /// The column names.
  static let columns =
    ["source", "frame", "time", "x", "y", "w", "h", "emotion"] + Emotion.allCases.map(\.rawValue)
    + ["detector_confidence"]

  /// The header row, without its line ending.
  static let headerRow = columns.map(CSV.field).joined(separator: ",")

  /// The person columns.
  static let trackColumns = ["track", "track_emotion"]

  /// The header row of rows with the person columns or not, stamped or not, without its line
  /// ending: the stamp's columns come last.
  static func headerRow(tracks: Bool, stamped: Bool) -> String {
    ([headerRow] + (tracks ? trackColumns : []) + (stamped ? PartStamp.columns : [])).joined(separator: ",")
  }

  /// The header row, CR included (the output ends every line with LF).
  var header: String? { writesHeader ? Self.headerRow(tracks: tracks, stamped: stamped) + "\r" : nil }

  /// The rows of one record, CR included.
  func lines(for record: DetectionRecord, stamp: PartStamp?) -> [String] {
    let suffix = stamp.map { "," + $0.fields.joined(separator: ",") } ?? ""
    return Self.rows(for: record, tracks: tracks).map { $0 + suffix + "\r" }
  }

  /// An input's end: its source, every other field empty, then the stamp.
  func endOfInput(_ source: String, stamp: PartStamp) -> String {
    let empty = Self.columns.count - 1 + (tracks ? Self.trackColumns.count : 0)
    return ([CSV.field(source)] + Array(repeating: "", count: empty) + stamp.fields).joined(separator: ",")
      + "\r"
  }

  /// The rows without the stamp's four fields, which come last (and never hold a comma).
  func unstamped(_ text: Substring) -> String {
    // Split at CRLF or LF (Swift counts CRLF as one character, a newline).
    text.split(whereSeparator: \.isNewline).map { row in
      var end = row.endIndex
      for _ in PartStamp.columns {
        guard let comma = row[..<end].lastIndex(of: ",") else { return row + CSV.lineEnding }
        end = comma
      }
      return row[..<end] + CSV.lineEnding
    }.joined()
  }

  /// The rows' time, and each row's face: `x,y,w,h` from the fourth field, the scores after the emotion, then the
  /// detector's confidence; a row without a box is a frame without a face.
  func recorded(in text: Substring) -> RecordedFrame? {
    let bytes = Array(text.utf8)
    var faces: [RecognizedFace] = []
    var time: Double?
    var start = 0
    while let (fields, end) = CSV.row(in: bytes, from: start) {
      start = end
      let emotions = Emotion.allCases.count
      guard fields.count >= 9 + emotions, let rowTime = Double(fields[2]) else { return nil }
      time = rowTime
      if fields[3].isEmpty { continue }
      let box = fields[3..<7].compactMap { Int($0) }
      let scores = fields[8..<(8 + emotions)].map { Float($0) ?? .nan }
      guard box.count == 4, let probabilities = EmotionScores(modelOrder: scores) else { return nil }
      let confidence = fields[8 + emotions]
      faces.append(
        RecognizedFace(
          box: BoundingBox(x: box[0], y: box[1], width: box[2], height: box[3]), scores: probabilities,
          detectorConfidence: confidence.isEmpty ? nil : Float(confidence)))
    }
    return time.map { RecordedFrame(time: $0, faces: faces) }
  }

  /// The rows for one record, without their line endings; `tracks` adds the person columns.
  static func rows(for record: DetectionRecord, tracks: Bool = false) -> [String] {
    let person = { (face: RecognizedFace?) -> [String] in
      guard tracks else { return [] }
      guard let track = face?.track else { return ["", ""] }
      return [String(track.id), track.emotion.rawValue]
    }
    let prefix = [
      CSV.field(record.key.source), String(record.key.frame), JSONLinesFormat.number(record.time),
    ]
    guard !record.faces.isEmpty else {
      return [
        (prefix + Array(repeating: "", count: columns.count - prefix.count) + person(nil)).joined(
          separator: ",")
      ]
    }
    return record.faces.map { face in
      let box = face.box.array.map(String.init)
      let scores = face.scores.probabilities.map(JSONLinesFormat.number)
      let confidence = face.detectorConfidence.map(JSONLinesFormat.number) ?? ""
      return (prefix + box + [CSV.field(face.emotion.rawValue)] + scores + [confidence] + person(face))
        .joined(separator: ",")
    }
  }

  /// The header row (a part's or not), then rows of `source,frame,…`. Rows do not say how many
  /// faces their frame has, so the last frame's rows are not taken as whole (they go, with
  /// anything torn) unless a part's stamp says they end their input. An end-of-input row (no
  /// frame) stands alone.
  func read(_ bytes: [UInt8]) -> Result<RecordFile, RecordFile.Problem> {
    var file = RecordFile()
    var headerLength = 0
    var stampedRows = false
    var header: String?
    for (tracks, stamps) in [(false, false), (true, false), (false, true), (true, true)] {
      let headerBytes = Array((Self.headerRow(tracks: tracks, stamped: stamps) + CSV.lineEnding).utf8)
      if bytes.starts(with: headerBytes) {
        headerLength = headerBytes.count
        stampedRows = stamps
        header = Self.headerRow(tracks: tracks, stamped: stamps)
      }
    }
    guard headerLength > 0 else {
      // Empty, or a header cut off: the file starts again with a whole header.
      let shortest = Array((Self.headerRow + CSV.lineEnding).utf8)
      guard bytes.count < shortest.count, shortest.starts(with: bytes) else {
        return .failure(notRecords(line: 1, bytes.first))
      }
      return .success(file)
    }
    file.header = header
    var start = headerLength
    var line = 1
    while let (fields, end) = CSV.row(in: bytes, from: start) {
      line += 1
      let stamp = stampedRows ? PartStamp(fields: Array(fields.suffix(PartStamp.columns.count))) : nil
      let frame =
        fields.count >= 2 && fields[1].isEmpty && stamp != nil ? -1 : fields.count >= 2 ? Int(fields[1]) : nil
      guard let frame, !stampedRows || stamp != nil else {
        return .failure(notRecords(line: line, bytes[start]))
      }
      let key = FrameKey(source: fields[0], frame: frame)
      if let last = file.entries.last, last.key == key, frame >= 0 {
        file.entries[file.entries.count - 1].bytes = last.bytes.lowerBound..<end
      } else {
        file.entries.append(RecordFile.Entry(key: key, bytes: start..<end, stamp: stamp))
      }
      start = end
    }
    // A part's input that ended says so on its last record, written whole in one write.
    if let last = file.entries.last, !last.isEndOfInput, last.stamp?.last != true {
      file.entries.removeLast()
    }
    file.wholeLength = file.entries.last?.bytes.upperBound ?? headerLength
    return .success(file)
  }

  private func notRecords(line: Int, _ first: UInt8?) -> RecordFile.Problem {
    .notRecords(line: line, looksLikeOtherFormat: line == 1 && first == UInt8(ascii: "{"))
  }
}
