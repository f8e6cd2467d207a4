import FaceAnalysis

/// CSV (RFC 4180) for spreadsheets and pandas: a header, then one row per face, or one row
/// with empty face fields for a frame without a face (``CSVRow``).
///
/// Columns: `source,frame,time,x,y,w,h,emotion`, one column per emotion in model order, then
/// `detector_confidence` (BlazeFace's; empty for the Haar cascade), and, unless `--no-tracks`,
/// `track` and `track_emotion` (the person and their steady emotion in a video; empty for a
/// photo). Numbers are written by ``RecordNumber``, as `--json` writes them, so both read back
/// to the same values. Rows end with CRLF; fields are written and read by ``CSV``.
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
  static let headerRow = CSV.line(columns)

  /// The column names of rows with the person columns or not, stamped or not: the stamp's
  /// columns come last.
  static func names(tracks: Bool, stamped: Bool) -> [String] {
    columns + (tracks ? trackColumns : []) + (stamped ? PartStamp.columns : [])
  }

  /// The person columns.
  static let trackColumns = ["track", "track_emotion"]

  /// The header row of rows with the person columns or not, stamped or not, without its line
  /// ending.
  static func headerRow(tracks: Bool, stamped: Bool) -> String {
    CSV.line(names(tracks: tracks, stamped: stamped))
  }

  /// The header row, CR included (the output ends every line with LF).
  var header: String? { writesHeader ? Self.headerRow(tracks: tracks, stamped: stamped) + "\r" : nil }

  /// The rows of one record, CR included.
  func lines(for record: DetectionRecord, stamp: PartStamp?) -> [String] {
    CSVRow.rows(of: record).map { line($0, stamp: stamp) + "\r" }
  }

  /// An input's end: its source, every other field empty, then the stamp.
  func endOfInput(_ source: String, stamp: PartStamp) -> String {
    line(CSVRow(source: source, frame: nil, time: nil), stamp: stamp) + "\r"
  }

  /// A row's text, without its line ending.
  private func line(_ row: CSVRow, stamp: PartStamp?) -> String {
    CSV.line(row.fields(tracks: tracks) + (stamp?.fields ?? []))
  }

  /// The header row (a part's or not), then rows (``CSVRow``), a frame's rows one record. Rows do
  /// not say how many faces their frame has, so the last frame's rows are not taken as whole
  /// (they go, with anything torn) unless a part's stamp says they end their input. An
  /// end-of-input row stands alone.
  func read(_ bytes: [UInt8]) -> Result<RecordFile, RecordFile.Problem> {
    guard let (names, headerEnd) = CSV.row(in: bytes, from: 0) else {
      // Empty, or a header cut off: the file starts again with a whole header.
      let shortest = Array((Self.headerRow + CSV.lineEnding).utf8)
      guard bytes.count < shortest.count, shortest.starts(with: bytes) else {
        return .failure(notRecords(line: 1, bytes.first))
      }
      return .success(RecordFile())
    }
    let layouts = [(false, false), (true, false), (false, true), (true, true)]
    guard let (tracks, stamped) = layouts.first(where: { names == Self.names(tracks: $0.0, stamped: $0.1) })
    else { return .failure(notRecords(line: 1, bytes.first)) }
    let format = CSVFormat(stamped: false, tracks: tracks)
    var file = RecordFile(header: Self.headerRow(tracks: tracks, stamped: false))
    var start = headerEnd
    var line = 1
    while let (fields, end) = CSV.row(in: bytes, from: start) {
      line += 1
      let stamp = stamped ? PartStamp(fields: Array(fields.suffix(PartStamp.columns.count))) : nil
      let recordFields = fields.dropLast(stamped ? PartStamp.columns.count : 0)
      guard let row = CSVRow(fields: recordFields, tracks: tracks), stamped == (stamp != nil),
        row.frame != nil || stamp != nil
      else { return .failure(notRecords(line: line, bytes[start])) }
      format.add(row, stamp: stamp, bytes: start..<end, to: &file)
      start = end
    }
    // A part's input that ended says so on its last record, written whole in one write.
    if let last = file.entries.last, !last.isEndOfInput, last.stamp?.last != true {
      file.entries.removeLast()
    }
    file.wholeLength = file.entries.last?.bytes.upperBound ?? headerEnd
    return .success(file)
  }

  /// Adds a row read back to the file's last record when it is of the same frame, else as a
  /// record of its own.
  private func add(_ row: CSVRow, stamp: PartStamp?, bytes: Range<Int>, to file: inout RecordFile) {
    let key = FrameKey(source: row.source, frame: row.frame ?? -1)
    if let last = file.entries.last, last.key == key, !last.isEndOfInput {
      file.entries[file.entries.count - 1].bytes = last.bytes.lowerBound..<bytes.upperBound
    } else {
      let frame = row.time.map { RecordedFrame(time: $0, faces: []) }
      file.entries.append(RecordFile.Entry(key: key, bytes: bytes, frame: frame))
    }
    let index = file.entries.count - 1
    file.entries[index].stamp = stamp
    guard row.frame != nil else { return }
    if var face = row.face {
      // A row has the person's id and steady emotion, not their smoothed scores: enough for a
      // finished video's people (``TrackingStage/people(of:)``).
      face.track = row.person.map { FaceTrack(id: $0.id, emotion: $0.emotion, scores: face.scores) }
      file.entries[index].frame?.faces.append(face)
    }
    if row.person != nil { file.entries[index].hasPerson = true }
    file.entries[index].unstamped += line(row, stamp: nil) + CSV.lineEnding
  }

  private func notRecords(line: Int, _ first: UInt8?) -> RecordFile.Problem {
    .notRecords(line: line, looksLikeOtherFormat: line == 1 && first == UInt8(ascii: "{"))
  }
}
