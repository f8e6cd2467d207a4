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
  /// The records whole in `bytes`, a file this format wrote: which frame each is of and where
  /// its text lies, ending where a torn or unsure last record starts.
  func read(_ bytes: [UInt8]) -> Result<RecordFile, RecordFile.Problem>
  /// `text`, a record's lines as read, without their stamp: as a run without `--shard` writes it.
  func unstamped(_ text: Substring) -> String
  /// The time and faces of a record's lines as this format wrote them (box, scores, the
  /// detector's confidence): what a resumed run's tracker is fed again. Nil when they cannot be
  /// read.
  func recorded(in text: Substring) -> RecordedFrame?
}

extension RecordFormat {
  /// The lines of one record of a run that is not sharded.
  func lines(for record: DetectionRecord) -> [String] { lines(for: record, stamp: nil) }
}

/// A frame's time and faces as its record holds them.
struct RecordedFrame: Equatable, Sendable {
  /// The frame's time in seconds.
  var time: Double
  /// Its faces, without their tracks.
  var faces: [RecognizedFace]
}

/// A file of records read back: the frames it holds, in its order, each with the bytes of
/// its record, and how much of it is whole.
struct RecordFile: Equatable {
  /// One record's frame and the range of its text (its line ending included).
  struct Entry: Equatable {
    /// The frame the record is of; frame -1 for an end-of-input line.
    var key: FrameKey
    /// Where its text is in the file.
    var bytes: Range<Int>
    /// Its stamp, in a part of a sharded run.
    var stamp: PartStamp? = nil

    /// Whether this is an end-of-input line rather than a frame's record.
    var isEndOfInput: Bool { key.frame < 0 }
  }

  /// Whether the file starts with the format's header (CSV's row of column names).
  var hasHeader: Bool { header != nil }
  /// The header row, without its line ending, when the file has one.
  var header: String?
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
  /// header already, `stamped` when the run is a shard's, `tracks` when faces have people.
  func records(continuing: Bool = false, stamped: Bool = false, tracks: Bool = true) -> any RecordFormat {
    switch self {
    case .table: TableFormat(tracks: tracks)
    case .json: JSONLinesFormat()
    case .csv: CSVFormat(writesHeader: !continuing, stamped: stamped, tracks: tracks)
    }
  }
}
