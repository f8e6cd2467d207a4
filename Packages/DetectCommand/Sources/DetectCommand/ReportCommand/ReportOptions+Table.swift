import OptionTable

extension ReportOptions {
  /// `emotions report`'s options: what its parser reads, and what its help, the manual page and
  /// the completion scripts say.
  public static let table = CommandTable<ReportOptions>(
    name: "report", synopsis: "report <records> [--summary <file>] --output <page.html> [--overwrite]",
    abstract: "make one self-contained HTML page of a run: each person's face, timeline and emotions",
    discussion: [
      "Reads the records of a run (emotions detect --json or --format csv, or emotions merge's file of a "
        + "sharded run) and writes one HTML page: how many inputs, frames, faces and people; for each video "
        + "a row per person (a picture of their face, their time on screen, their dominant steady emotion "
        + "and a bar of their share of each) and a timeline with a lane per person; for photos the count "
        + "of each emotion and a grid of faces, at most 200 per folder.",
      "Without --summary the people are worked out from the records' tracks; with the run's --summary "
        + "file they are its rows. The pictures are cut from the sources again, so run it where their "
        + "names (as the records give them) can be opened. The page needs nothing outside itself (inline "
        + "CSS and SVG, JPEG pictures as data: URIs, no script) and the same records give the same page, "
        + "byte for byte.",
    ],
    notes: [
      "A source that is gone or cannot be read gets a placeholder and one line on stderr; the page is "
        + "still written. Exit status: 0 when the page was written whole, 1 when a picture was missing "
        + "or the page could not be written, 2 for a usage error, records or a summary that cannot be "
        + "read, or an output that would replace an input or an existing file."
    ],
    options: [
      .help("-h", "--help", help: "show this help"),
      .value(
        "--summary", value: OptionValue("file", .file),
        help: "the run's --summary file (CSV or JSON lines, merged or a shard's): its rows are the people"
      ) { $0.summary = $1 },
      .value(
        "--output", value: OptionValue("page.html", .file),
        help: "write the page here, whole or not at all (never over the records, the summary or a source)"
      ) { $0.output = $1 },
      .flag("--overwrite", help: "replace <page.html> when it exists") { $0.overwrite = true },
    ],
    operands: Operands(OptionValue("records", .file), repeats: false) { $0.records.append($1) },
    check: { (options: ReportOptions) throws(UsageError) in
      guard let records = options.records.first else {
        throw UsageError("report needs the records of a run (emotions detect --json or --format csv)")
      }
      guard options.records.count == 1 else {
        throw UsageError(
          "report reads one file of records, not \(options.records.count): join a sharded run's parts with "
            + "emotions merge first")
      }
      guard options.output != nil else {
        throw UsageError("report needs --output <page.html> for the page of \(records)")
      }
    })
}
