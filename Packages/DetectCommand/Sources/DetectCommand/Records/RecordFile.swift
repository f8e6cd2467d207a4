/// A file of records read back by its format's parser: the frames it holds, in its order, each
/// with what its record says, and how much of the file is whole.
struct RecordFile: Equatable {
  /// One record (a JSON line, or a frame's CSV rows), or a part's end-of-input line.
  struct Entry: Equatable {
    /// The frame the record is of; frame -1 for an end-of-input line.
    var key: FrameKey
    /// Where its text is in the file, its line ending included.
    var bytes: Range<Int>
    /// Its stamp, in a part of a sharded run.
    var stamp: PartStamp? = nil
    /// The frame's time and faces; nil for an end-of-input line.
    var frame: RecordedFrame? = nil
    /// Whether a face of it belongs to a person (has a track).
    var hasPerson = false
    /// The record written again, without its stamp, as a run without `--shard` writes it (line
    /// endings included); empty for an end-of-input line.
    var unstamped = ""

    /// Whether this is an end-of-input line rather than a frame's record.
    var isEndOfInput: Bool { key.frame < 0 }
  }

  /// Whether the file starts with the format's header (CSV's row of column names).
  var hasHeader: Bool { header != nil }
  /// The header row as a run without `--shard` writes it, without its line ending, when the
  /// file has one.
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
