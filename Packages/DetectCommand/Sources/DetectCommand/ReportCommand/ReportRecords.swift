import FaceAnalysis
import Foundation
import System

/// The records `emotions report` makes its page of: a file of `detect --json` or `--format csv`
/// records as `detect` or `emotions merge` wrote it (a shard's stamped part too), read by the
/// formats' own parsers (``JSONRecordLine``, ``CSV`` and ``CSVRow``), never by searching text.
///
/// A part's end-of-input lines hold no frame and are passed over. CSV holds neither a frame's
/// size nor a person's smoothed scores: its records have a size of 0x0, and a face's track
/// carries the face's own scores beside its steady label, which is all the page draws.
enum ReportRecords {
  /// The records of the file at `path`, or the one line that says why there are none.
  static func read(_ path: String) -> Result<[DetectionRecord], ReportError> {
    switch RegularFile.read(path) {
    case .bytes(let bytes): return read(bytes, path: path)
    case .missing: return .failure(ReportError("\(path): no such file"))
    case .unreadable(let reason): return .failure(ReportError("\(path): cannot read it (\(reason))"))
    }
  }

  /// The records in `bytes`, the file at `path`; an empty file holds none.
  static func read(_ bytes: [UInt8], path: String) -> Result<[DetectionRecord], ReportError> {
    guard let first = bytes.first else { return .success([]) }
    return first == UInt8(ascii: "{") ? readJSON(bytes, path: path) : readCSV(bytes, path: path)
  }

  private static func readJSON(_ bytes: [UInt8], path: String) -> Result<[DetectionRecord], ReportError> {
    var records: [DetectionRecord] = []
    var start = 0
    var line = 0
    let decoder = JSONDecoder()
    while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
      line += 1
      guard let read = try? decoder.decode(JSONRecordLine.self, from: Data(bytes[start..<newline])) else {
        return .failure(ReportError("\(path): line \(line) is not a record of emotions detect --json"))
      }
      if let record = read.record { records.append(record) }
      start = newline + 1
    }
    guard start == bytes.count else { return .failure(cutOff(path)) }
    return .success(records)
  }

  private static func readCSV(_ bytes: [UInt8], path: String) -> Result<[DetectionRecord], ReportError> {
    let layouts = [(false, false), (true, false), (false, true), (true, true)]
    guard let (names, headerEnd) = CSV.row(in: bytes, from: 0),
      let (tracks, stamped) = layouts.first(where: { names == CSVFormat.names(tracks: $0.0, stamped: $0.1) })
    else {
      return .failure(
        ReportError(
          "\(path) is not records of emotions detect --json or --format csv (nor of emotions merge)"))
    }
    var records: [DetectionRecord] = []
    var start = headerEnd
    var line = 1
    while let (fields, end) = CSV.row(in: bytes, from: start) {
      line += 1
      guard let row = CSVRow(fields: fields.dropLast(stamped ? PartStamp.columns.count : 0), tracks: tracks)
      else {
        return .failure(ReportError("\(path): line \(line) is not a row of emotions detect --format csv"))
      }
      add(row, to: &records)
      start = end
    }
    guard start == bytes.count else { return .failure(cutOff(path)) }
    return .success(records)
  }

  /// Adds a CSV row to the last record when it is of the same frame, else as a record of its
  /// own; an end-of-input row adds nothing.
  private static func add(_ row: CSVRow, to records: inout [DetectionRecord]) {
    guard let frame = row.frame, let time = row.time else { return }
    let key = FrameKey(source: row.source, frame: frame)
    if records.last?.key != key {
      records.append(DetectionRecord(key: key, time: time, width: 0, height: 0, faces: []))
    }
    guard var face = row.face else { return }
    face.track = row.person.map { FaceTrack(id: $0.id, emotion: $0.emotion, scores: face.scores) }
    records[records.count - 1].faces.append(face)
  }

  private static func cutOff(_ path: String) -> ReportError {
    ReportError(
      "\(path) is cut off in its last record: finish its run first (its detect command again, with --resume)")
  }
}
