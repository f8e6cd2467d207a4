import Foundation
import SystemTesting
import Testing

/// `emotions detect --shard K/N` parts joined by `emotions merge`, the real binary as a script
/// or a cluster job runs it: the merged file must be one process's, byte for byte.
@Suite("emotions merge", .serialized)
struct MergeTests {
  /// Photos and a video: a shard gets pictures, or a video and a picture.
  static let inputs = ["astronaut.png", "faces.mp4", "camera.png", "coffee.png"].map(fixture)

  /// Runs `emotions` in `folder`.
  static func run(_ arguments: [String], in folder: URL) throws -> DetectCommandTests.Run {
    try DetectCommandTests.run(arguments, shell: "cd '\(folder.path)' && exec \"$0\" \"$@\"")
  }

  /// A scratch folder with one process's records (`one.<ext>`) and the `count` parts
  /// (`part-K.<ext>`) of the same run, written in `format` (`json` or `csv`).
  static func sharded(_ format: String, parts count: Int) throws -> URL {
    let folder = try TestFiles.temporaryFolder()
    let ext = format == "json" ? "jsonl" : "csv"
    #expect(
      try run(["detect", "--format", format] + inputs + ["--output", "one.\(ext)"], in: folder).status == 0)
    for shard in 1...count {
      let arguments = ["detect", "--format", format, "--shard", "\(shard)/\(count)"] + inputs
      #expect(try run(arguments + ["--output", "part-\(shard).\(ext)"], in: folder).status == 0)
    }
    return folder
  }

  /// Five shards of four inputs: the fifth part is empty, and merges as nothing.
  @Test(arguments: [("json", 2), ("csv", 3), ("json", 5)])
  func theMergedPartsAreOneProcesssFileByteForByte(format: String, parts count: Int) throws {
    let folder = try Self.sharded(format, parts: count)
    defer { try? FileManager.default.removeItem(at: folder) }
    let ext = format == "json" ? "jsonl" : "csv"
    // The parts in any order.
    let parts = (1...count).reversed().map { "part-\($0).\(ext)" }
    let merge = try Self.run(["merge"] + parts + ["--output", "all.\(ext)"], in: folder)
    #expect(merge.status == 0 && merge.errors.isEmpty, "\(merge.errors)")
    let one = try Data(contentsOf: folder.appendingPathComponent("one.\(ext)"))
    #expect(try Data(contentsOf: folder.appendingPathComponent("all.\(ext)")) == one)
  }

  /// Each part is records any reader takes: JSON objects a line, or CSV rows as long as the
  /// header, the stamp in four more keys or columns.
  @Test func aPartIsRecordsWithTheirStamp() throws {
    let folder = try Self.sharded("json", parts: 2)
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try String(contentsOf: folder.appendingPathComponent("part-2.jsonl"), encoding: .utf8)
    let objects = try text.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(
      objects.allSatisfy {
        $0["shard"] as? String == "2/2" && ($0["input"] as? String)?.hasSuffix("/4") == true
      })
    // faces.mp4 is input 2 of 4, coffee.png input 4: each ends with its last record.
    let lasts = objects.filter { $0["last"] as? Bool == true }.compactMap { $0["input"] as? String }
    #expect(lasts == ["2/4", "4/4"])
  }

  @Test func aKilledPartResumedMergesToTheSameFile() throws {
    let folder = try Self.sharded("json", parts: 2)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shard = ["detect", "--json", "--shard", "2/2"] + Self.inputs + ["--output", "killed.jsonl"]
    // Killed by the test with four records whole and half of the fifth.
    let killed = try KilledRun(
      shard, in: folder, output: "killed.jsonl", records: 5, counting: .jsonLines, tearing: true)
    #expect(killed.status == SIGKILL, "\(killed.errors)")
    let refused = try Self.run(
      ["merge", "part-1.jsonl", "killed.jsonl", "--output", "all.jsonl"], in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.errors == [
        "emotions: killed.jsonl is cut off in its last record; run the detect command that wrote it again "
          + "with --resume (emotions detect … --shard 2/2 --output killed.jsonl --resume)"
      ])
    #expect(try Self.run(shard + ["--resume"], in: folder).status == 0)
    let merge = try Self.run(["merge", "part-1.jsonl", "killed.jsonl", "--output", "all.jsonl"], in: folder)
    #expect(merge.status == 0)
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("all.jsonl"))
        == Data(contentsOf: folder.appendingPathComponent("one.jsonl")))
  }

  @Test func brokenPartsAreRefusedWithOneLineAndNothingWritten() throws {
    let folder = try Self.sharded("json", parts: 2)
    defer { try? FileManager.default.removeItem(at: folder) }
    let part2 = try Data(contentsOf: folder.appendingPathComponent("part-2.jsonl"))
    try part2.prefix(part2.count - 40).write(to: folder.appendingPathComponent("torn-2.jsonl"))
    let lines = part2.split(separator: UInt8(ascii: "\n"))
    try Data((lines.prefix(5).joined(separator: [UInt8(ascii: "\n")]) + [UInt8(ascii: "\n")]))
      .write(to: folder.appendingPathComponent("unfinished-2.jsonl"))
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("part-1.jsonl"), to: folder.appendingPathComponent("again-1.jsonl"))
    let other = ["detect", "--json", "--shard", "2/2", "--every", "3"] + Self.inputs
    #expect(try Self.run(other + ["--output", "other-2.jsonl"], in: folder).status == 0)
    let advice = "run the detect command that wrote it again with --resume (emotions detect … --shard 2/2"
    let cases: [([String], String)] = [
      (
        ["part-1.jsonl"],
        "shard 2/2 is missing: give its part too (the --output of emotions detect … --shard 2/2)"
      ),
      (
        ["part-1.jsonl", "again-1.jsonl", "part-2.jsonl"], "part-1.jsonl and again-1.jsonl are both shard 1/2"
      ),
      (
        ["part-1.jsonl", "other-2.jsonl"],
        "other-2.jsonl and part-1.jsonl are parts of different runs (other inputs, options, format or shard count)"
      ),
      (
        ["part-1.jsonl", "torn-2.jsonl"],
        "torn-2.jsonl is cut off in its last record; \(advice) --output torn-2.jsonl --resume)"
      ),
      (
        ["part-1.jsonl", "unfinished-2.jsonl"],
        "unfinished-2.jsonl is unfinished: 0 of the 2 inputs of shard 2/2 are done; \(advice) --output unfinished-2.jsonl --resume)"
      ),
      (
        ["one.jsonl"],
        "one.jsonl is not a part of a sharded run: its records have no shard (detect --shard K/N)"
      ),
    ]
    for (parts, line) in cases {
      let run = try Self.run(["merge"] + parts + ["--output", "all.jsonl"], in: folder)
      #expect(run.status == 2 && run.errors == ["emotions: \(line)"], "\(parts): \(run.errors)")
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("all.jsonl").path))
    }
  }

  /// A picture with several faces (a record of several CSV rows) and a video with a person:
  /// the parts' records and their --summary files merge to one process's, byte for byte.
  @Test func recordsOfSeveralRowsAndTheSummariesMergeToo() throws {
    let folder = try TestFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputs = ["group.png", "faces.mp4", "astronaut.png"].map(fixture)
    let one = ["detect", "--format", "csv"] + inputs + ["--output", "one.csv", "--summary", "one.jsonl"]
    #expect(try Self.run(one, in: folder).status == 0)
    for shard in 1...2 {
      let part = ["detect", "--format", "csv", "--shard", "\(shard)/2"] + inputs
      #expect(
        try Self.run(
          part + ["--output", "part-\(shard).csv", "--summary", "people-\(shard).jsonl"], in: folder
        ).status == 0)
    }
    let parts = ["part-1.csv", "people-1.jsonl", "part-2.csv", "people-2.jsonl"]
    let merge = try Self.run(
      ["merge"] + parts + ["--output", "all.csv", "--summary", "all.jsonl"], in: folder)
    #expect(merge.status == 0 && merge.errors.isEmpty, "\(merge.errors)")
    for (merged, single) in [("all.csv", "one.csv"), ("all.jsonl", "one.jsonl")] {
      #expect(
        try Data(contentsOf: folder.appendingPathComponent(merged))
          == Data(contentsOf: folder.appendingPathComponent(single)), "\(merged)")
    }
    // A finished part resumed (as a requeued task is) rewrites its own summary, the same.
    let people = try Data(contentsOf: folder.appendingPathComponent("people-2.jsonl"))
    let again = ["detect", "--format", "csv", "--shard", "2/2"] + inputs
    let resumed = try Self.run(
      again + ["--output", "part-2.csv", "--summary", "people-2.jsonl", "--resume"], in: folder)
    #expect(resumed.status == 0 && resumed.errors.isEmpty, "\(resumed.errors)")
    #expect(try Data(contentsOf: folder.appendingPathComponent("people-2.jsonl")) == people)
    // A file that is not a summary is never replaced by one.
    let records = try Data(contentsOf: folder.appendingPathComponent("part-1.csv"))
    let onRecords = try Self.run(
      again + ["--output", "part-2.csv", "--summary", "part-1.csv", "--resume"], in: folder)
    #expect(
      onRecords.status == 2
        && onRecords.errors == ["emotions: --summary part-1.csv exists; add --overwrite to replace it"],
      "\(onRecords.errors)")
    #expect(try Data(contentsOf: folder.appendingPathComponent("part-1.csv")) == records)
    let rows = try String(contentsOf: folder.appendingPathComponent("one.csv"), encoding: .utf8)
    #expect(rows.components(separatedBy: "group.png").count > 2, "group.png has a row per face")
    let missing = try Self.run(
      ["merge", "part-1.csv", "part-2.csv", "--output", "x.csv", "--summary", "x.jsonl"], in: folder)
    #expect(
      missing.status == 2
        && missing.errors == [
          "emotions: the summary of shard 2/2 is missing for --summary x.jsonl: give the --summary file of "
            + "emotions detect … --shard 2/2"
        ])
  }

  @Test func theOutputNeverReplacesAPartNorAFileWithoutOverwrite() throws {
    let folder = try Self.sharded("csv", parts: 2)
    defer { try? FileManager.default.removeItem(at: folder) }
    let parts = ["part-1.csv", "part-2.csv"]
    let before = try Data(contentsOf: folder.appendingPathComponent("part-1.csv"))
    let onPart = try Self.run(["merge"] + parts + ["--output", "part-1.csv", "--overwrite"], in: folder)
    #expect(
      onPart.status == 2
        && onPart.errors == ["emotions: --output part-1.csv is the part part-1.csv; give another name"])
    #expect(try Data(contentsOf: folder.appendingPathComponent("part-1.csv")) == before)
    let onFile = try Self.run(["merge"] + parts + ["--output", "one.csv"], in: folder)
    #expect(
      onFile.status == 2
        && onFile.errors == ["emotions: --output one.csv exists; add --overwrite to replace it"])
    #expect(try Self.run(["merge"] + parts + ["--output", "one.csv", "--overwrite"], in: folder).status == 0)
  }
}
