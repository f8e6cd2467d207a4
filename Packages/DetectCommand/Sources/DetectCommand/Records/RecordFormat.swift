/// One of `detect`'s forms of records (`--format`): how it starts a new output, how it
/// writes a record, and how it reads a file of its records back (for `--resume`).
protocol RecordFormat: Sendable {
  /// The line that starts a new output, without its newline; nil when there is none.
  var header: String? { get }
  /// The lines of one record, without their newlines (a CSV row keeps its CR).
  func lines(for record: DetectionRecord) -> [String]
  /// The records whole in `bytes`, a file this format wrote: which frame each is of and where
  /// its text lies, ending where a torn or unsure last record starts.
  func read(_ bytes: [UInt8]) -> Result<RecordFile, RecordFile.Problem>
}

/// A file of records read back: the frames it holds, in its order, each with the bytes of
/// its record, and how much of it is whole.
struct RecordFile: Equatable {
  /// One record's frame and the range of its text (its line ending included).
  struct Entry: Equatable {
    /// The frame the record is of.
    var key: FrameKey
    /// Where its text is in the file.
    var bytes: Range<Int>
  }

  /// Whether the file starts with the format's header (CSV's row of column names).
  var hasHeader = false
  /// The whole records, in the file's order.
  var entries: [Entry] = []
  /// How many bytes from the start are whole records (and the header); the rest is cut off
  /// before appending.
  var wholeLength = 0

  /// Why a file is not this format's records.
  enum Problem: Error, Equatable {
    /// Line `line` is not a record; `looksLikeOtherFormat` when the file starts as the other
    /// format's records do.
    case notRecords(line: Int, looksLikeOtherFormat: Bool)
  }
}

extension DetectOptions.OutputFormat {
  /// The form of records this option names; `continuing` is true when a resumed file has its
  /// header already.
  func records(continuing: Bool = false) -> any RecordFormat {
    switch self {
    case .table: TableFormat()
    case .json: JSONLinesFormat()
    case .csv: CSVFormat(writesHeader: !continuing)
    }
  }
}
