import FaceAnalysis
import System

/// `emotions report RECORDS [--summary PEOPLE] --output PAGE`: one self-contained HTML page of
/// a run (``ReportPage``), from the records `detect` or `emotions merge` wrote, with the people
/// of the run's `--summary` file when given, else those the records' tracks show.
///
/// The records and the summary are read by their formats' parsers; a file that is not one is
/// named in one line and nothing is written (exit status 2, as for a mistake on the command
/// line). The page is never written over the records, the summary or a source, nor over an
/// existing file without `--overwrite`, and it is written whole. Each face's picture is cut
/// from its source again; a source that is gone or unreadable gets a placeholder and one line
/// on standard error, and the page is still written, with exit status 1.
public struct Report {
  /// The parsed options.
  public let options: ReportOptions
  /// The version of `emotions` that makes the page, shown in it.
  public let version: String
  /// Where errors go.
  public var streams: StandardStreams

  /// The command with its options, naming `version` in the page, writing errors to `streams`.
  public init(options: ReportOptions, version: String, streams: StandardStreams = .process) {
    self.options = options
    self.version = version
    self.streams = streams
  }

  /// Runs the command; returns the exit status.
  public func run() -> Int32 {
    run(thumbnails: MediaThumbnailProvider())
  }

  /// Runs the command with the pictures from `thumbnails`.
  func run(thumbnails: any ThumbnailProvider) -> Int32 {
    guard let recordsPath = options.records.first, let path = options.output else {
      streams.printError("report needs the records of a run and --output <page.html>")
      return 2
    }
    let output = ReportOutput(option: "--output", path: path, replaces: options.overwrite)
    let page: ReportPage
    switch makePage(recordsPath, output: output) {
    case .success(let made): page = made
    case .failure(let error):
      streams.printError(error.message)
      return 2
    }
    return output.write(page, thumbnails: thumbnails, streams: streams)
  }

  /// The page of the records at `recordsPath` and the summary, once `output` is known not to
  /// replace any file it is made from.
  private func makePage(_ recordsPath: String, output: ReportOutput) -> Result<ReportPage, ReportError> {
    let records: [DetectionRecord]
    switch ReportRecords.read(recordsPath) {
    case .success(let read): records = read
    case .failure(let error): return .failure(error)
    }
    var summary: [SummaryRow]?
    if let summaryPath = options.summary {
      switch readSummary(summaryPath) {
      case .success(let rows): summary = rows
      case .failure(let error): return .failure(error)
      }
    }
    var inputs = [(what: "the records", path: recordsPath)]
    if let summaryPath = options.summary { inputs.append(("the summary", summaryPath)) }
    let sources = Set(records.map(\.key.source)).union(summary?.map(\.source) ?? []).sorted()
    inputs += sources.map { ("the source", $0) }
    if let problem = output.problem(reading: inputs) { return .failure(problem) }
    return .success(ReportPage(records: records, summary: summary, facts: ReportFacts(version: version)))
  }

  /// The rows of the `--summary` file at `path` (merged, or a shard's with its stamps).
  private func readSummary(_ path: String) -> Result<[SummaryRow], ReportError> {
    let bytes: [UInt8]
    switch RegularFile.read(path) {
    case .bytes(let read): bytes = read
    case .missing: return .failure(ReportError("--summary \(path): no such file"))
    case .unreadable(let reason):
      return .failure(ReportError("--summary \(path): cannot read it (\(reason))"))
    }
    guard let summary = SummaryFormat.read(bytes) else {
      return .failure(
        ReportError("--summary \(path) is not a summary of emotions detect --summary (CSV or JSON lines)"))
    }
    return .success(summary.rows.map(\.row))
  }
}
