import FaceAnalysis
import Foundation
import Media
import System

/// What `detect --resume --output FILE` finds in FILE: the records a killed run wrote whole,
/// where they end, and which of this run's sources they cover.
///
/// A JSON line counts when it ends with its newline; a torn last line is dropped. A CSV
/// record is several rows written at once, and rows do not say how many faces their frame
/// has, so the last frame's rows are always dropped and that frame is done again. A file
/// that holds anything else, or records of sources this run does not read, is refused:
/// continuing it would mix two runs.
struct ResumePoint: Equatable {
  /// How many bytes of the file to keep; the rest is cut off before appending.
  var keptLength = 0
  /// Whether the kept part already has CSV's header row.
  var hasHeader = false
  /// The frames already recorded, keyed by ``key(source:frame:)``.
  var recorded: Set<String> = []
  /// The sources with records, for look-ups.
  var recordedSources: Set<String> = []
  /// The source of the last record kept: the one input that may have been cut off midway.
  var lastSource: String?

  /// The key of a frame's record.
  static func key(source: String, frame: Int) -> String { "\(frame)\u{0}\(source)" }

  /// Whether the frame's record is in the file.
  func contains(source: String, frame: Int) -> Bool {
    recorded.contains(Self.key(source: source, frame: frame))
  }

  /// Whether every record of `input` (an image, video, camera or graph given on the command
  /// line) is in the file: an image's one record, or a video's records followed by another
  /// source's, which a run starts only when the video is done. Folders and lists are gone
  /// through again, their recorded images passed over unread.
  func isDone(_ input: String, kind: FrameSourceKind?) -> Bool {
    switch kind {
    case .image: return contains(source: input, frame: 0)
    case .video, .camera, .lavfi: return recordedSources.contains(input) && input != lastSource
    case .folder, .list, nil: return false
    }
  }

  /// `inputs` with the one that may have been cut off midway first, so that it is finished
  /// before any other source's record follows its last one.
  func ordered(_ inputs: [String]) -> [String] {
    guard let lastSource, let index = inputs.firstIndex(of: lastSource) else { return inputs }
    var ordered = inputs
    ordered.insert(ordered.remove(at: index), at: 0)
    return ordered
  }

  /// Reads the file at `path`, written as `format` for a run over `sources`; a missing or
  /// empty file is a start from nothing.
  static func read(
    _ path: String, format: DetectOptions.OutputFormat, sources: Set<String>, header: String
  ) -> Result<ResumePoint, OutputOptionError> {
    let bytes: [UInt8]
    switch RegularFile.read(path) {
    case .bytes(let content): bytes = content
    case .missing: return .success(ResumePoint())
    case .unreadable(let reason):
      return .failure(OutputOptionError("--resume --output \(path): cannot read it (\(reason))"))
    }
    var reader = Reader(path: path, format: format, sources: sources)
    switch format {
    case .csv: return reader.readCSV(bytes, header: header)
    case .json, .table: return reader.readJSON(bytes)
    }
  }

  /// The parsing of one file.
  private struct Reader {
    let path: String
    let format: DetectOptions.OutputFormat
    let sources: Set<String>
    var point = ResumePoint()

    /// One object per line, each `{"source":…,"frame":…,…}`.
    mutating func readJSON(_ bytes: [UInt8]) -> Result<ResumePoint, OutputOptionError> {
      var start = 0
      var number = 0
      while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
        number += 1
        let line = bytes[start..<newline]
        guard let key = try? JSONDecoder().decode(Key.self, from: Data(line)) else {
          return .failure(notRecords(line: number, starts: line.first))
        }
        if let problem = add(key.source, key.frame) { return .failure(problem) }
        start = newline + 1
      }
      // What follows the last newline is a torn record: dropped, and done again.
      point.keptLength = start
      return .success(point)
    }

    /// The header row, then rows of `source,frame,…` ending with CRLF (fields quoted as RFC 4180 says).
    mutating func readCSV(_ bytes: [UInt8], header: String) -> Result<ResumePoint, OutputOptionError> {
      let headerRow = Array((header + CSVWriter.lineEnding).utf8)
      guard bytes.count >= headerRow.count else {
        // Empty, or a header cut off: the file starts again with a whole header.
        guard headerRow.starts(with: bytes) else { return .failure(notRecords(line: 1, starts: bytes.first)) }
        return .success(point)
      }
      guard bytes.starts(with: headerRow) else { return .failure(notRecords(line: 1, starts: bytes.first)) }
      point.hasHeader = true
      var rows: [(source: String, frame: Int, end: Int)] = []
      var start = headerRow.count
      var number = 1
      while let (fields, end) = Self.row(bytes, from: start) {
        number += 1
        guard fields.count >= 2, let frame = Int(fields[1]) else {
          return .failure(notRecords(line: number, starts: bytes[start]))
        }
        rows.append((fields[0], frame, end))
        start = end
      }
      // The last frame's rows may be fewer than its faces: they go, with anything torn.
      let last = rows.last
      while let row = rows.last, row.source == last?.source, row.frame == last?.frame { rows.removeLast() }
      for row in rows {
        if let problem = add(row.source, row.frame) { return .failure(problem) }
      }
      point.keptLength = rows.last?.end ?? headerRow.count
      return .success(point)
    }

    private mutating func add(_ source: String, _ frame: Int) -> OutputOptionError? {
      guard sources.contains(source) else {
        return OutputOptionError(
          "--resume --output \(path) holds records of \(source), which this run does not read; "
            + "resume with the inputs (and --shard) of the run that wrote it, or give another --output")
      }
      point.recorded.insert(ResumePoint.key(source: source, frame: frame))
      point.recordedSources.insert(source)
      point.lastSource = source
      return nil
    }

    /// The line for a file that is not this format's records: another format's, or not
    /// records at all.
    private func notRecords(line: Int, starts first: UInt8?) -> OutputOptionError {
      let (this, other) =
        format == .csv
        ? ("CSV (--format csv)", "JSON lines (--json)") : ("JSON lines (--json)", "CSV (--format csv)")
      let otherStart = format == .csv ? UInt8(ascii: "{") : UInt8(ascii: "s")
      if line == 1, first == otherStart {
        return OutputOptionError(
          "--resume --output \(path) holds \(other), not \(this); resume with the format that wrote it")
      }
      return OutputOptionError(
        "--resume --output \(path): line \(line) is not a record of emotions detect in \(this); "
          + "give another --output, or remove the file to start again")
    }

    /// The fields of the row at `start` and where the next row starts; nil when no whole
    /// row (ended by a line break outside quotes) is there.
    static func row(_ bytes: [UInt8], from start: Int) -> (fields: [String], end: Int)? {
      var fields: [String] = []
      var field: [UInt8] = []
      var quoted = false
      var index = start
      while index < bytes.count {
        let byte = bytes[index]
        if quoted {
          if byte == UInt8(ascii: "\"") {
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
              field.append(byte)
              index += 1
            } else {
              quoted = false
            }
          } else {
            field.append(byte)
          }
        } else if byte == UInt8(ascii: "\"") {
          quoted = true
        } else if byte == UInt8(ascii: ",") {
          fields.append(String(decoding: field, as: UTF8.self))
          field = []
        } else if byte == UInt8(ascii: "\n") {
          if field.last == UInt8(ascii: "\r") { field.removeLast() }
          fields.append(String(decoding: field, as: UTF8.self))
          return (fields, index + 1)
        } else {
          field.append(byte)
        }
        index += 1
      }
      return nil
    }
  }

  /// The two fields of a JSON record that say which frame it is.
  private struct Key: Decodable {
    let source: String
    let frame: Int
  }
}
