import Foundation
import SystemTesting
import Testing

@testable import EmotionsApp

/// `emotions detect --output FILE --resume`: runs killed with SIGKILL by the test (``KilledRun``,
/// between records and in the middle of one), then resumed, end with the records of a run that
/// was never stopped, none twice.
@Suite("detect --output --resume", .serialized)
struct ResumeTests {
  /// 180 small images made by ffmpeg, each read as one face (`--whole-image`) so runs are quick.
  static func images(in folder: URL) throws -> String {
    let images = folder.appendingPathComponent("images").path
    try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
    _ = try MediaTools.output([
      "ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=48x48:rate=30", "-frames:v",
      "180",
      images + "/img%03d.png",
    ])
    return images
  }

  static func run(_ arguments: [String], in folder: URL) throws -> DetectCommandTests.Run {
    try DetectCommandTests.run(
      ["detect"] + arguments, shell: "cd '\(folder.path)' && exec \"$0\" \"$@\"", deadline: .seconds(120))
  }

  /// Runs `detect arguments` into `file` and kills it at `point`: once the file holds that many
  /// whole records, or, for `n.5`, `n` whole records and half of the next.
  static func kill(_ arguments: [String], file: String, at point: Double, in folder: URL) throws -> KilledRun
  {
    let torn = point != point.rounded(.down)
    return try KilledRun(
      ["detect"] + arguments + ["--output", file], in: folder, output: file,
      records: Int(point) + (torn ? 1 : 0),
      counting: file.hasSuffix(".csv") ? .csvRows : .jsonLines, tearing: torn)
  }

  static func text(_ name: String, in folder: URL) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  /// Lines in order, for comparing runs whose order may differ.
  static func sortedLines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).sorted()
  }

  /// Runs `arguments` into `file` killed at each point in turn (each further on than the last),
  /// then to the end; the file must equal `expected` line for line, order aside.
  static func killAndResume(
    _ arguments: [String], file: String, at points: [Double], expected: String, in folder: URL
  ) throws {
    for (index, point) in points.enumerated() {
      let resume = index == 0 ? [] : ["--resume"]
      let killed = try kill(arguments + resume, file: file, at: point, in: folder)
      #expect(killed.status == SIGKILL, "killed at \(point): \(killed.status) \(killed.errors)")
      let written = try text(file, in: folder)
      #expect(written.count < expected.count, "stopped early at \(point)")
      if point != point.rounded(.down) { #expect(!written.hasSuffix("\n"), "a torn last record at \(point)") }
    }
    let finished = try run(arguments + ["--output", file, "--resume"], in: folder)
    #expect(finished.status == 0 && finished.errors.isEmpty, "\(finished.errors)")
    #expect(finished.output.isEmpty)
    let resumed = try text(file, in: folder)
    #expect(sortedLines(resumed) == sortedLines(expected))
    #expect(resumed.count == expected.count)
  }

  @Test func aRunOf180ImagesKilledThreeTimesEndsAsARunNeverStopped() throws {
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let images = try Self.images(in: folder)
    let arguments = ["--json", "--whole-image", images]
    let whole = try Self.run(arguments + ["--output", "whole.jsonl"], in: folder)
    #expect(whole.status == 0 && whole.errors.isEmpty, "\(whole.errors)")
    let expected = try Self.text("whole.jsonl", in: folder)
    #expect(expected.split(separator: "\n").count == 180)
    #expect(try Self.run(arguments, in: folder).output == expected, "--output holds what stdout would")
    try Self.killAndResume(
      arguments, file: "part.jsonl", at: [0.5, 60, 119.5], expected: expected, in: folder)
  }

  @Test func aShardAsCSVAndAVideoCutOffMidwayAreContinuedWithoutDuplicates() throws {
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let images = try Self.images(in: folder)
    let files = (1...180).map { images + "/img" + String(1000 + $0).dropFirst() + ".png" }
    let shard = ["--format", "csv", "--whole-image", "--shard", "2/3"] + files
    let expected = try Self.run(shard, in: folder)
    #expect(expected.status == 0)
    try Self.killAndResume(
      shard, file: "part-2.csv", at: [0, 0.5, 30.5], expected: expected.output, in: folder)

    // Thirty images after the video keep the run going well past the last kill, however late
    // a busy machine lets the test stop the child.
    let video = ["--json", "--every", "5", images + "/img001.png", fixture("faces.mp4")] + files.suffix(30)
    let whole = try Self.run(video, in: folder)
    #expect(whole.status == 0 && whole.output.split(separator: "\n").count == 37)
    try Self.killAndResume(video, file: "video.jsonl", at: [3.5, 6], expected: whole.output, in: folder)
  }

  /// Four people who cross and hide each other, killed twice: every record's track (id and
  /// steady label) and the people's summary are those of a run never stopped.
  @Test func aVideoOfFourPeopleKilledTwiceKeepsEveryTrackAndTheSummary() throws {
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let arguments = ["--json", "--every", "3", fixture("people.mp4")]
    let whole = try Self.run(arguments + ["--summary", "whole.csv"], in: folder)
    #expect(whole.status == 0 && whole.errors.isEmpty, "\(whole.errors)")
    #expect(whole.output.split(separator: "\n").count == 80)
    #expect(whole.output.components(separatedBy: "\"track\":{\"id\":4,").count > 1, "four people")
    try Self.killAndResume(
      arguments + ["--summary", "people.csv"], file: "part.jsonl", at: [20.5, 50], expected: whole.output,
      in: folder)
    #expect(try Self.text("people.csv", in: folder) == Self.text("whole.csv", in: folder))
  }

  @Test func annotatedPicturesOfAKilledRunAreKeptAndTheOneInTheWayNeedsOverwrite() throws {
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let images = try Self.images(in: folder)
    let files = (1...30).map { images + "/img" + String(1000 + $0).dropFirst() + ".png" }
    let whole = try Self.run(["--json", "--whole-image", "--annotate", "expected"] + files, in: folder)
    #expect(whole.status == 0)
    let arguments = ["--json", "--whole-image", "--annotate", "pictures"] + files
    #expect(try Self.kill(arguments, file: "part.jsonl", at: 10.5, in: folder).status == SIGKILL)
    // The picture of the torn record was drawn before it was written.
    let kept = try Self.text("part.jsonl", in: folder).split(separator: "\n").count - 1
    let torn = "img" + String(1001 + kept).dropFirst() + ".png"
    let refused = try Self.run(arguments + ["--output", "part.jsonl", "--resume"], in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.errors == [
        "emotions: --annotate pictures would write pictures/\(torn), which exists; add --overwrite to replace it"
      ])
    let resumed = try Self.run(arguments + ["--output", "part.jsonl", "--resume", "--overwrite"], in: folder)
    #expect(resumed.status == 0 && resumed.errors.isEmpty, "\(resumed.errors)")
    #expect(Self.sortedLines(try Self.text("part.jsonl", in: folder)) == Self.sortedLines(whole.output))
    let manager = FileManager.default
    let names = try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("expected").path)
      .sorted()
    #expect(names.count == 30)
    // A kill in the middle of a picture's write leaves its hidden temporary file, as any crash
    // would; the pictures themselves are whole.
    let pictures = try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("pictures").path)
    #expect(pictures.filter { !$0.hasPrefix(".") }.sorted() == names)
    #expect(pictures.filter { $0.hasPrefix(".") && !$0.hasSuffix(".tmp") }.isEmpty)
    for name in names {
      #expect(
        manager.contentsEqual(
          atPath: folder.appendingPathComponent("expected/" + name).path,
          andPath: folder.appendingPathComponent("pictures/" + name).path), "\(name)")
    }
  }

  @Test func aMissingOrEmptyFileStartsAfreshAndAnyOtherIsRefusedUntouched() throws {
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let images = [fixture("astronaut.png"), fixture("rocket.jpg")]
    let json = ["--json", "--whole-image"] + images
    let expected = try Self.run(json, in: folder).output
    let missing = try Self.run(json + ["--output", "missing.jsonl", "--resume"], in: folder)
    #expect(missing.status == 0)
    #expect(try Self.text("missing.jsonl", in: folder) == expected)
    try Data().write(to: folder.appendingPathComponent("empty.csv"))
    let csv = try Self.run(["--format", "csv", "--whole-image"] + images, in: folder).output
    let empty = try Self.run(
      ["--format", "csv", "--whole-image"] + images + ["--output", "empty.csv", "--resume"], in: folder)
    #expect(empty.status == 0)
    #expect(try Self.text("empty.csv", in: folder) == csv)

    let other = fixture("coffee.png")
    let refusals: [(file: String, content: String, arguments: [String], error: String)] = [
      (
        "garbage.jsonl", "not json\n{\"source\":", json,
        "--resume --output garbage.jsonl: line 1 is not a record of emotions detect in JSON lines (--json); "
          + "give another --output, or remove the file to start again"
      ),
      (
        "csv.jsonl", csv, json,
        "--resume --output csv.jsonl holds CSV (--format csv), not JSON lines (--json); "
          + "resume with the format that wrote it"
      ),
      (
        "json.csv", expected, ["--format", "csv", "--whole-image"] + images,
        "--resume --output json.csv holds JSON lines (--json), not CSV (--format csv); "
          + "resume with the format that wrote it"
      ),
      (
        "others.jsonl", expected, ["--json", "--whole-image", other],
        "--resume --output others.jsonl holds records of \(images[0]), which this run does not read; "
          + "resume with the inputs (and --shard) of the run that wrote it, or give another --output"
      ),
    ]
    for refusal in refusals {
      let path = folder.appendingPathComponent(refusal.file)
      try Data(refusal.content.utf8).write(to: path)
      let run = try Self.run(refusal.arguments + ["--output", refusal.file, "--resume"], in: folder)
      #expect(run.status == 2)
      #expect(run.errors == ["emotions: " + refusal.error])
      #expect(try Data(contentsOf: path) == Data(refusal.content.utf8), "\(refusal.file) is untouched")
    }
    let usage = try Self.run(json + ["--resume"], in: folder)
    #expect(
      usage.status == 2
        && usage.errors == ["emotions: --resume continues the file of --output; give --output FILE too"])
  }
}
