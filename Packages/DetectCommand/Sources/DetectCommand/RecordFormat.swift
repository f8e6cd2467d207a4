/// One of `detect`'s forms of records (`--format`): a header line that starts a new output,
/// then the lines of each record, in the order the frames come.
protocol RecordFormat: Sendable {
  /// The line that starts a new output, without its newline; nil when there is none.
  var header: String? { get }
  /// The lines of one record, without their newlines (a CSV row keeps its CR).
  func lines(for record: DetectionRecord) -> [String]
}

extension DetectOptions.OutputFormat {
  /// The writer of this form; `continuing` is true when a resumed file has its header already.
  func writer(labels: [String], continuing: Bool) -> any RecordFormat {
    switch self {
    case .table: TableWriter()
    case .json: JSONLineWriter()
    case .csv: CSVWriter(labels: labels, writesHeader: !continuing)
    }
  }
}
