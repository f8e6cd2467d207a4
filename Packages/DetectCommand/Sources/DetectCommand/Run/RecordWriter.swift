import FaceAnalysisTracking
import System

/// Writes one input's records to the run's output (``RecordOutput``) in the run's format.
///
/// In a shard, each record is held back until the next one comes, so that the input's last
/// record is stamped as its last; an input that ends without a record this run ends with an
/// end-of-input line instead. Either way its part says the input is done.
struct RecordWriter {
  private let output: RecordOutput
  private let format: any RecordFormat
  private let stamping: PartStamping?
  private let streams: StandardStreams
  /// The input's index among all the run's inputs.
  private let input: Int
  /// In a shard, the record written when the next one comes or the input ends.
  private var held: DetectionRecord?

  /// A writer of input number `input`'s records to `output`, stamped as `stamping` says.
  init(
    output: RecordOutput, format: any RecordFormat, stamping: PartStamping?, input: Int,
    streams: StandardStreams
  ) {
    self.output = output
    self.format = format
    self.stamping = stamping
    self.input = input
    self.streams = streams
  }

  /// Writes `record` (in a shard, the one held before it); false when the output has closed.
  mutating func write(_ record: DetectionRecord) -> Bool {
    guard let stamping else { return write(format.lines(for: record)) }
    defer { held = record }
    guard let previous = held else { return true }
    return write(format.lines(for: previous, stamp: stamping.stamp(input: input, last: false)))
  }

  /// Ends input `source`: in a shard, its held record stamped as its last, or its end-of-input
  /// line; false when the output has closed.
  mutating func end(_ source: String) -> Bool {
    guard let stamping else { return true }
    let stamp = stamping.stamp(input: input, last: true)
    defer { held = nil }
    return write(
      held.map { format.lines(for: $0, stamp: stamp) } ?? [format.endOfInput(source, stamp: stamp)])
  }

  /// After a video's records in a table, which is for people, the people followed in it;
  /// false when the output has closed.
  func writePeople(_ summaries: [TrackSummary], of source: String) -> Bool {
    guard format is TableFormat else { return true }
    return write(SummaryFormat.tableLines(summaries, source: source))
  }

  /// Writes one record's lines; false (said on standard error for a file) when they could not be.
  private func write(_ lines: [String]) -> Bool {
    guard !output.write(lines) else { return true }
    if let path = output.path {
      streams.printError("--output \(path): cannot write it (\(output.lastFailure))")
    }
    return false
  }
}
