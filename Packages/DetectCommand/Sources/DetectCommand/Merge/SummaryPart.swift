/// One shard's `--summary` file, read for `emotions merge --summary` by ``SummaryFormat``'s
/// parsers: its rows, each with the stamp of its video's input.
struct SummaryPart {
  /// The part as given.
  let path: String
  /// Each row and its stamp, in the file's order.
  let rows: [(row: SummaryRow, stamp: PartStamp)]

  /// Whether `bytes` are a whole summary rather than records. An empty file is a summary in
  /// JSON lines without people as much as the records of nothing.
  static func isSummary(_ bytes: [UInt8]) -> Bool {
    SummaryFormat.read(bytes) != nil
  }

  /// The summary part `path` holding `bytes`; nil when they are not a summary, or the one line
  /// that says why it cannot be merged.
  static func read(_ path: String, bytes: [UInt8]) -> Result<SummaryPart, MergeError>? {
    guard let summary = SummaryFormat.read(bytes) else { return nil }
    var rows: [(row: SummaryRow, stamp: PartStamp)] = []
    for (row, stamp) in summary.rows {
      guard let stamp else {
        return .failure(MergeError("\(path) is not a summary of a sharded run: its rows have no shard"))
      }
      rows.append((row, stamp))
    }
    return .success(SummaryPart(path: path, rows: rows))
  }
}
