import Foundation
import SystemTesting
import Testing

/// `emotions report` and `detect --report`, the real binary as a script or a cluster job runs
/// it: the same records give the same page, a merged sharded run gives one process's page, a
/// gone source gives a placeholder and status 1, and no output replaces what the page is made
/// from or a file already there.
@Suite("emotions report", .serialized)
struct ReportTests {
  /// A video with a person and two photos: each shard of two gets a video or photos.
  static let inputs = ["faces.mp4", "astronaut.png", "coffee.png"].map(fixture)

  static func run(_ arguments: [String], in folder: URL) throws -> DetectCommandTests.Run {
    try MergeTests.run(arguments, in: folder)
  }

  static func text(_ name: String, in folder: URL) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  /// The page from its `<main>` on: its sections, without the header that names the detector.
  static func sections(_ html: String) -> Substring {
    html[(html.range(of: "<main>")?.lowerBound ?? html.endIndex)...]
  }

  @Test func oneProcessAndAMergedShardedRunGiveTheSamePageByteForByte() throws {
    let folder = try TestFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let one =
      ["detect", "--json"] + Self.inputs + ["--output", "one.jsonl", "--summary", "one-people.jsonl"]
    let detect = try Self.run(one + ["--report", "detect.html"], in: folder)
    #expect(detect.status == 0 && detect.errors.isEmpty, "\(detect.errors)")
    for shard in 1...2 {
      let part = ["detect", "--json", "--shard", "\(shard)/2"] + Self.inputs
      let run = try Self.run(
        part + ["--output", "part-\(shard).jsonl", "--summary", "people-\(shard).jsonl"], in: folder)
      #expect(run.status == 0, "\(run.errors)")
    }
    let merge = try Self.run(
      ["merge", "part-1.jsonl", "part-2.jsonl", "people-1.jsonl", "people-2.jsonl", "--output", "all.jsonl"]
        + ["--summary", "all-people.jsonl"], in: folder)
    #expect(merge.status == 0, "\(merge.errors)")
    for (records, people, page) in [
      ("one.jsonl", "one-people.jsonl", "one.html"), ("one.jsonl", "one-people.jsonl", "again.html"),
      ("all.jsonl", "all-people.jsonl", "merged.html"),
    ] {
      let report = try Self.run(["report", records, "--summary", people, "--output", page], in: folder)
      #expect(report.status == 0 && report.errors.isEmpty, "\(page): \(report.errors)")
    }
    let page = try Self.text("one.html", in: folder)
    #expect(try Self.text("again.html", in: folder) == page)
    #expect(try Self.text("merged.html", in: folder) == page)
    // One row per person of the summary, each with a JPEG picture; one timeline for the video.
    let people = try Self.text("one-people.jsonl", in: folder).split(separator: "\n").count
    #expect(people >= 1)
    #expect(page.components(separatedBy: "<tr data-track=").count == people + 1)
    #expect(page.components(separatedBy: "src=\"data:image/jpeg;base64,").count > people)
    #expect(page.components(separatedBy: "<svg class=\"timeline\"").count == 2)
    #expect(!page.contains("thumb missing"))
    // detect --report names the detector and models it ran; its sections are the same.
    let detected = try Self.text("detect.html", in: folder)
    #expect(Self.sections(detected) == Self.sections(page) && !Self.sections(page).isEmpty)
    #expect(detected.contains("BlazeFace") && detected.contains("emotion_model.hdf5"))
  }

  @Test func aGoneSourceGivesAPlaceholderAndStatusOneAndNoOutputReplacesAnInput() throws {
    let folder = try TestFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["astronaut.png", "coffee.png", "group.png"] {
      try FileManager.default.copyItem(
        atPath: fixture(name), toPath: folder.appendingPathComponent(name).path)
    }
    let detect = try Self.run(
      ["detect", "--format", "csv", "astronaut.png", "coffee.png", "group.png", "--output", "run.csv"],
      in: folder)
    #expect(detect.status == 0, "\(detect.errors)")
    try Data("kept".utf8).write(to: folder.appendingPathComponent("old.html"))
    let refusals: [([String], String)] = [
      (
        ["report", "run.csv", "--output", "run.csv"],
        "--output run.csv is the records run.csv; give another name"
      ),
      (
        ["report", "run.csv", "--output", "./coffee.png", "--overwrite"],
        "--output ./coffee.png is the source coffee.png (the same file); give another name"
      ),
      (
        ["report", "run.csv", "--output", "old.html"],
        "--output old.html exists; add --overwrite to replace it"
      ),
      (
        ["detect", "coffee.png", "--report", "coffee.png", "--overwrite"],
        "--report coffee.png is the input coffee.png; give another name"
      ),
      (
        ["detect", "coffee.png", "--report", "old.html"],
        "--report old.html exists; add --overwrite to replace it"
      ),
    ]
    let before = try ["run.csv", "coffee.png", "old.html"].map {
      try Data(contentsOf: folder.appendingPathComponent($0))
    }
    for (arguments, line) in refusals {
      let run = try Self.run(arguments, in: folder)
      #expect(run.status == 2 && run.errors == ["emotions: \(line)"], "\(arguments): \(run.errors)")
    }
    #expect(
      try ["run.csv", "coffee.png", "old.html"].map {
        try Data(contentsOf: folder.appendingPathComponent($0))
      } == before)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("astronaut.png"))
    let report = try Self.run(["report", "run.csv", "--output", "page.html"], in: folder)
    #expect(report.status == 1)
    #expect(report.errors.count == 1 && report.errors.first?.hasPrefix("emotions: astronaut.png") == true)
    #expect(report.errors.first?.hasSuffix("; its faces have a placeholder in page.html") == true)
    let page = try Self.text("page.html", in: folder)
    #expect(page.contains("thumb missing") && page.contains("src=\"data:image/jpeg;base64,"))
  }
}
