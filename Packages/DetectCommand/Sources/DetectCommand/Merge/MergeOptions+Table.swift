import OptionTable

extension MergeOptions {
  /// `emotions merge`'s options: what its parser reads, and what its help, the manual page and
  /// the completion scripts say.
  public static let table = CommandTable<MergeOptions>(
    name: "merge", synopsis: "merge <part>... [--output <file>] [--summary <file>] [--overwrite]",
    abstract: "join the parts of a sharded detect run into the file one run would have written",
    discussion: [
      "Joins the parts of one sharded run (the --output files of emotions detect --shard K/N, JSON lines "
        + "or CSV) into exactly the file one detect process would have written for the same inputs and "
        + "options: the records in the inputs' order, one CSV header. Without --output the records go to "
        + "standard output.",
      "Every part is checked first: all come from the same inputs, options and shard count, no shard is "
        + "missing or given twice, no record appears twice, and every part is finished. A part that is "
        + "unfinished or cut off is named with the command that finishes it (its detect command again, "
        + "with --resume), and nothing is written.",
    ],
    notes: [
      "Exit status: 0 when the file was written, 1 when it could not be, 2 when the parts do not make one "
        + "finished run or the command line is wrong."
    ],
    options: [
      .help("-h", "--help", help: "show this help"),
      .value(
        "--output", value: OptionValue("file", .file),
        help: "write the merged records here, whole or not at all"
      ) {
        $0.output = $1
      },
      .value(
        "--summary", value: OptionValue("file", .file),
        help: "write the merged people here, from the parts' --summary files given among the parts (every "
          + "shard with people must give its own)"
      ) { $0.summary = $1 },
      .flag("--overwrite", help: "replace <file> when it exists (never a part)") { $0.overwrite = true },
    ],
    operands: Operands(OptionValue("part", .file)) { $0.parts.append($1) },
    check: { (options: MergeOptions) throws(UsageError) in
      guard !options.parts.isEmpty else { throw UsageError("merge needs the parts of a sharded run") }
    })
}
