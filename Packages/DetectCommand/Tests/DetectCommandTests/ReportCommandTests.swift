import FaceAnalysis
import Foundation
import OptionTable
import System
import SystemTesting
import Testing

@testable import DetectCommand

/// `emotions report` and `detect --report`: their options, the records read back in every
/// form `detect` and `merge` write them, and the page's file checked and written whole. The
/// pictures come from ``ReportDrawnThumbnails``; the App's tests run the real binary.
@Suite("emotions report")
struct ReportCommandTests {
  static let facts = ReportFacts(version: "9.9.9-test", detector: .standard)
  static var records: [DetectionRecord] { ReportFixtures.videoRecords + ReportFixtures.photoRecords }

  static func page(_ records: [DetectionRecord], summary: [SummaryRow]? = nil) -> String {
    ReportPage(records: records, summary: summary, facts: facts).render(thumbnails: ReportDrawnThumbnails())
      .html
  }

  /// The records as `format` writes them, stamped as shard 1/1 when `stamped`.
  static func bytes(
    _ records: [DetectionRecord], _ format: any RecordFormat, stamped: Bool = false
  ) -> [UInt8] {
    let stamp = PartStamp(
      shard: DetectOptions.Shard(index: 0, count: 1), input: 0, inputCount: 1, last: false, run: "0123abcd")
    let lines = records.flatMap { format.lines(for: $0, stamp: stamped ? stamp : nil) }
    return Array(((format.header.map { [$0] } ?? []) + lines).map { $0 + "\n" }.joined().utf8)
  }

  @Test func theOptionsAreOneRecordsFileAnOptionalSummaryAndTheOutput() throws {
    let parsed = try ReportOptions.table.parse(
      ["run.jsonl", "--summary", "people.csv", "--output=run.html", "--overwrite"], into: ReportOptions())
    var expected = ReportOptions()
    expected.records = ["run.jsonl"]
    expected.summary = "people.csv"
    expected.output = "run.html"
    expected.overwrite = true
    #expect(parsed == .parsed(expected))
    let refusals: [([String], String)] = [
      (
        ["--output", "run.html"], "report needs the records of a run (emotions detect --json or --format csv)"
      ),
      (["run.jsonl"], "report needs --output <page.html> for the page of run.jsonl"),
      (
        ["a.jsonl", "b.jsonl", "--output", "run.html"],
        "report reads one file of records, not 2: join a sharded run's parts with emotions merge first"
      ),
    ]
    for (arguments, message) in refusals {
      #expect(throws: UsageError(message)) { try ReportOptions.table.parse(arguments, into: ReportOptions()) }
    }
  }

  @Test func detectTakesReportButNotWithResume() throws {
    let parsed = try DetectOptions.table.parse(["clip.mp4", "--report", "clip.html"], into: DetectOptions())
    guard case .parsed(let options) = parsed else { throw UsageError("not parsed") }
    #expect(options.report == "clip.html")
    #expect(
      throws: UsageError(
        "--resume cannot continue --report clip.html, made from the whole run; make it afterwards with "
          + "emotions report run.jsonl --output clip.html")
    ) {
      try DetectOptions.table.parse(
        ["clip.mp4", "--json", "--output", "run.jsonl", "--resume", "--report", "clip.html"],
        into: DetectOptions())
    }
  }

  /// JSON lines, CSV, and a shard's stamped part of either read back to the page of the
  /// records themselves, byte for byte: the page draws nothing CSV leaves out.
  @Test(arguments: [false, true])
  func recordsReadBackInEveryFormGiveThePageOfTheRecords(stamped: Bool) throws {
    let expected = Self.page(Self.records)
    let formats: [any RecordFormat] = [JSONLinesFormat(), CSVFormat(stamped: stamped)]
    for format in formats {
      let read = try ReportRecords.read(Self.bytes(Self.records, format, stamped: stamped), path: "run").get()
      #expect(read.count == Self.records.count, "\(format)")
      #expect(Self.page(read) == expected, "\(format)")
    }
  }

  @Test func recordsThatAreCutOffOrNotRecordsAreOneLine() throws {
    let json = Self.bytes(Self.records, JSONLinesFormat())
    let csv = Self.bytes(Self.records, CSVFormat())
    let cases: [([UInt8], String)] = [
      (
        Array(json.dropLast(30)),
        "run is cut off in its last record: finish its run first (its detect command again, with --resume)"
      ),
      (
        Array(csv.dropLast(5)),
        "run is cut off in its last record: finish its run first (its detect command again, with --resume)"
      ),
      (Array("{\"source\":\"a.png\"}\n".utf8), "run: line 1 is not a record of emotions detect --json"),
      (
        Array("name,age\nx,1\n".utf8),
        "run is not records of emotions detect --json or --format csv (nor of emotions merge)"
      ),
      (
        csv + Array("a.png,zero,0\n".utf8),
        "run: line \(csv.split(separator: 10).count + 1) is not a row of emotions detect --format csv"
      ),
    ]
    for (bytes, message) in cases {
      #expect(ReportRecords.read(bytes, path: "run") == .failure(ReportError(message)))
    }
    #expect(try ReportRecords.read([], path: "run").get().isEmpty)
  }

  /// A folder with the records (`run.jsonl`), a summary (`people.jsonl`) and the files named
  /// in them (`clips/party.mp4` and the photos), empty, as the drawn pictures need nothing. The
  /// records name the sources by their whole paths, so no test changes the current folder.
  static func folder() throws -> (folder: URL, records: [DetectionRecord], summary: [SummaryRow]) {
    let folder = try TestFiles.temporaryFolder()
    let place = { (name: String) in folder.appendingPathComponent(name).path }
    for name in ["clips/party.mp4", "photos/a.jpg", "photos/b.png", "photos/c.jpg"] {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data().write(to: url)
    }
    let records = Self.records.map { record in
      var placed = record
      placed.key.source = place(record.key.source)
      return placed
    }
    try Data(bytes(records, JSONLinesFormat())).write(to: folder.appendingPathComponent("run.jsonl"))
    let summary = [
      SummaryRow(
        source: place(ReportFixtures.video), track: 1, firstTime: 0, lastTime: 1.96, frames: 50,
        emotion: .happy,
        meanScores: EmotionScores { $0 == .happy ? 0.7 : 0.05 })
    ]
    try Data((SummaryFormat.line(summary[0]) + "\n").utf8).write(
      to: folder.appendingPathComponent("people.jsonl"))
    return (folder, records, summary)
  }

  /// Runs `emotions report` with `arguments`, the pictures of `provider`: the exit status and
  /// the lines on standard error.
  static func run(
    _ arguments: [String], provider: ReportDrawnThumbnails = ReportDrawnThumbnails()
  ) throws -> (status: Int32, errors: [String]) {
    guard case .parsed(let options) = try ReportOptions.table.parse(arguments, into: ReportOptions()) else {
      throw UsageError("not parsed")
    }
    let errors = try TemporaryFile()
    let status = Report(
      options: options, version: "9.9.9-test", streams: StandardStreams(output: -1, errors: errors.descriptor)
    ).run(thumbnails: provider)
    return (status, try errors.text().split(separator: "\n").map(String.init))
  }

  @Test func thePageOfTheRecordsAndTheSummaryIsWrittenTheSameTwice() throws {
    let (folder, records, summary) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = { (name: String) in folder.appendingPathComponent(name).path }
    let expected = ReportPage(records: records, summary: summary, facts: ReportFacts(version: "9.9.9-test"))
      .render(thumbnails: ReportDrawnThumbnails()).html
    for (name, replacing) in [("a.html", []), ("b.html", []), ("b.html", ["--overwrite"])] {
      let run = try Self.run(
        [path("run.jsonl"), "--summary", path("people.jsonl"), "--output", path(name)] + replacing)
      #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
      #expect(try String(contentsOfFile: path(name), encoding: .utf8) == expected)
    }
    // Without the summary, both people of the records' tracks.
    #expect(try Self.run([path("run.jsonl"), "--output", path("c.html")]).status == 0)
    let people = try String(contentsOfFile: path("c.html"), encoding: .utf8)
    #expect(people.components(separatedBy: "<tr data-track=").count == 3)
    #expect(expected.components(separatedBy: "<tr data-track=").count == 2)
  }

  @Test func aSourceThatIsGoneGetsAPlaceholderALineAndStatusOne() throws {
    let (folder, records, _) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = { (name: String) in folder.appendingPathComponent(name).path }
    let video = path(ReportFixtures.video)
    let run = try Self.run(
      [path("run.jsonl"), "--output", path("page.html")], provider: ReportDrawnThumbnails(gone: [video]))
    #expect(run.status == 1)
    #expect(
      run.errors == ["emotions: \(video): no such file; its faces have a placeholder in \(path("page.html"))"]
    )
    let html = try String(contentsOfFile: path("page.html"), encoding: .utf8)
    #expect(html.components(separatedBy: "class=\"thumb missing\"").count == 3)
    #expect(records.contains { $0.key.source == video })
  }

  @Test func theOutputIsNeverWhatThePageIsMadeFromNorAFileThereWithoutOverwrite() throws {
    let (folder, _, _) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = { (name: String) in folder.appendingPathComponent(name).path }
    try Data("kept".utf8).write(to: folder.appendingPathComponent("old.html"))
    let photo = path("photos/a.jpg")
    let another = path("photos/../photos/a.jpg")
    let cases: [(String, String)] = [
      (
        path("run.jsonl"),
        "--output \(path("run.jsonl")) is the records \(path("run.jsonl")); give another name"
      ),
      (
        path("people.jsonl"),
        "--output \(path("people.jsonl")) is the summary \(path("people.jsonl")); give another name"
      ),
      (another, "--output \(another) is the source \(photo) (the same file); give another name"),
      (path("old.html"), "--output \(path("old.html")) exists; add --overwrite to replace it"),
    ]
    let before = try (["run.jsonl", "people.jsonl", "photos/a.jpg", "old.html"]).map {
      try Data(contentsOf: folder.appendingPathComponent($0))
    }
    for (output, message) in cases {
      for overwrite in output.hasSuffix("old.html") ? [[]] : [[], ["--overwrite"]] {
        let run = try Self.run(
          [path("run.jsonl"), "--summary", path("people.jsonl"), "--output", output] + overwrite)
        #expect(run.status == 2 && run.errors == ["emotions: \(message)"], "\(run.errors)")
      }
    }
    let after = try (["run.jsonl", "people.jsonl", "photos/a.jpg", "old.html"]).map {
      try Data(contentsOf: folder.appendingPathComponent($0))
    }
    #expect(after == before)
    let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(entries.allSatisfy { !$0.hasSuffix(".tmp") })
  }

  @Test func recordsOrASummaryThatCannotBeReadWriteNothing() throws {
    let (folder, _, _) = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = { (name: String) in folder.appendingPathComponent(name).path }
    let cases: [([String], String)] = [
      ([path("none.jsonl")], "\(path("none.jsonl")): no such file"),
      ([path("clips")], "\(path("clips")): cannot read it (a folder, not a file)"),
      (
        [path("run.jsonl"), "--summary", path("run.jsonl")],
        "--summary \(path("run.jsonl")) is not a summary of emotions detect --summary (CSV or JSON lines)"
      ),
      ([path("run.jsonl"), "--summary", path("none.csv")], "--summary \(path("none.csv")): no such file"),
    ]
    for (arguments, message) in cases {
      let run = try Self.run(arguments + ["--output", path("page.html")])
      #expect(run.status == 2 && run.errors == ["emotions: \(message)"], "\(run.errors)")
      #expect(!FileManager.default.fileExists(atPath: path("page.html")))
    }
  }
}
