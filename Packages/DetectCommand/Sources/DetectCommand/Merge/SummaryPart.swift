import Foundation
import System

/// One shard's `--summary` file, read for `emotions merge --summary`: its rows, each with the
/// stamp of its video's input.
struct SummaryPart {
  /// The part as given.
  let path: String
  /// CSV or JSON lines.
  let format: SummaryFormat
  /// Each row's text (its line ending included) and stamp, in the file's order.
  let rows: [(text: Substring, stamp: PartStamp)]

  /// Whether `bytes` begin as a summary does rather than as records. An empty file is a summary
  /// in JSON lines without people as much as the records of nothing.
  static func isSummary(_ bytes: [UInt8]) -> Bool {
    if bytes.isEmpty { return true }
    let start = String(decoding: bytes.prefix(200), as: UTF8.self)
    return start.hasPrefix(SummaryFormat.columns.joined(separator: ",")) || start.contains("\"first_time\":")
  }

  /// Reads the summary part `path`, or the one line that says why it cannot be merged.
  static func read(_ path: String, bytes: [UInt8]) -> Result<SummaryPart, MergeError> {
    let text = String(decoding: bytes, as: UTF8.self)
    let format: SummaryFormat = text.hasPrefix("{") ? .json : .csv
    let stampedHeader = (SummaryFormat.columns + PartStamp.columns).joined(separator: ",")
    // Split at CRLF or LF (Swift counts CRLF as one character, a newline).
    var lines = text.split(whereSeparator: \.isNewline)
    if format == .csv {
      guard lines.first.map({ $0.hasPrefix(stampedHeader) }) == true else {
        return .failure(MergeError("\(path) is not a summary of a sharded run: its rows have no shard"))
      }
      lines.removeFirst()
    }
    var rows: [(text: Substring, stamp: PartStamp)] = []
    for line in lines {
      let stamp: PartStamp?
      switch format {
      case .csv:
        let fields = line.split(separator: ",", omittingEmptySubsequences: false)
        stamp = PartStamp(fields: fields.suffix(PartStamp.columns.count).map(String.init))
      case .json:
        let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        let last = (object?["last"] as? Bool).map { $0 ? "true" : "false" } ?? ""
        stamp = PartStamp(
          fields: [
            object?["shard"] as? String ?? "", object?["input"] as? String ?? "", last,
            object?["run"] as? String ?? "",
          ])
      }
      guard let stamp else {
        return .failure(MergeError("\(path) is not a summary of a sharded run: its rows have no shard"))
      }
      rows.append((line, stamp))
    }
    return .success(SummaryPart(path: path, format: format, rows: rows))
  }
}
