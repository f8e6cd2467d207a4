/// Options of `emotions report`.
public struct ReportOptions: Equatable, Sendable {
  /// The records the page is made of, one file (the table's check refuses more): `detect
  /// --json` or `--format csv` records, as `detect` or `emotions merge` wrote them (a shard's
  /// stamped part too).
  public var records: [String] = []
  /// A `--summary` file of the same run: its people, instead of those the records' tracks show.
  public var summary: String?
  /// The page's file (`--output`).
  public var output: String?
  /// Replace `output` when it exists (`--overwrite`); what the page is made from never is.
  public var overwrite = false

  /// No records yet.
  public init() {}
}
