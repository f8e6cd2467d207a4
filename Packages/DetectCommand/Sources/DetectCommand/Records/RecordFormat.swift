import FaceAnalysis

/// One of `detect`'s forms of records (`--format`): how it starts a new output, how it
/// writes a record, and how it reads a file of its records back (for `--resume` and `merge`).
/// A sharded run's records carry a ``PartStamp``; an input that ends without a record of its
/// own this run (it failed, held no picture, or its records were there already) then ends
/// with an end-of-input line, a record without a frame, so that its part says it is done.
protocol RecordFormat: Sendable {
  /// The line that starts a new output, without its newline; nil when there is none.
  var header: String? { get }
  /// The lines of one record, stamped when the run is sharded, without their newlines (a CSV
  /// row keeps its CR).
  func lines(for record: DetectionRecord, stamp: PartStamp?) -> [String]
  /// The end-of-input line of `source` in a part.
  func endOfInput(_ source: String, stamp: PartStamp) -> String
  /// The records whole in `bytes`, a file this format wrote, each read by the format's parser:
  /// which frame each is of, where its text lies, and what it holds; ending where a torn or
  /// unsure last record starts.
  func read(_ bytes: [UInt8]) -> Result<RecordFile, RecordFile.Problem>
}

extension RecordFormat {
  /// The lines of one record of a run that is not sharded.
  func lines(for record: DetectionRecord) -> [String] { lines(for: record, stamp: nil) }
}

extension DetectOptions.OutputFormat {
  /// The form of records this option names; `continuing` is true when a resumed file has its
  /// header already, `stamped` when the run is a shard's, `tracks` when faces have people.
  func records(continuing: Bool = false, stamped: Bool = false, tracks: Bool = true) -> any RecordFormat {
    switch self {
    case .table: TableFormat(tracks: tracks)
    case .json: JSONLinesFormat()
    case .csv: CSVFormat(writesHeader: !continuing, stamped: stamped, tracks: tracks)
    }
  }
}
