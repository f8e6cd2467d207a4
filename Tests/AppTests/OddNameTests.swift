import Foundation
import SystemTesting
import Testing

/// Inputs whose names hold a newline, quotes, commas, `"frame":` and letters beyond ASCII, as
/// Linux allows: through `--output`, `--summary`, `--timeline`, `--shard` and `emotions merge`,
/// and a run killed with SIGKILL then resumed, in JSON lines and CSV. Every file must be the
/// one a single process writes, byte for byte.
@Suite("odd input names", .serialized)
struct OddNameTests {
  /// A folder with a group photo, a video of a face and a portrait under odd names, and a plain
  /// one; the four inputs in order.
  static func inputs(in folder: URL) throws -> [String] {
    let copies = [
      ("group.png", "group \"frame\":0,\nünï.png"),
      ("faces.mp4", "clip, \"frame\":2\n视频 \"x\".mp4"),
      ("astronaut.png", "astro\"naut\", é.png"),
    ]
    var inputs: [String] = []
    for (fixtureName, name) in copies {
      let path = folder.appendingPathComponent(name).path
      try FileManager.default.copyItem(atPath: fixture(fixtureName), toPath: path)
      inputs.append(path)
    }
    return inputs + [fixture("coffee.png")]
  }

  static func run(_ arguments: [String], in folder: URL) throws -> DetectCommandTests.Run {
    try DetectCommandTests.run(arguments, shell: "cd '\(folder.path)' && exec \"$0\" \"$@\"")
  }

  static func bytes(_ name: String, in folder: URL) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(name))
  }

  @Test(arguments: ["json", "csv"])
  func oddNamesSurviveEveryOutputAsOneProcessWritesThem(format: String) throws {
    let folder = try TestFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputs = try Self.inputs(in: folder)
    let (records, people) = format == "json" ? ("jsonl", "jsonl") : ("csv", "csv")
    let detect = ["detect", "--format", format, "--every", "3"] + inputs
    let one = try Self.run(
      detect + ["--output", "one.\(records)", "--summary", "one-people.\(people)", "--timeline", "one.svg"],
      in: folder)
    #expect(one.status == 0 && one.errors.isEmpty, "\(one.errors)")
    let text = String(decoding: try Self.bytes("one.\(records)", in: folder), as: UTF8.self)
    // The name as each format writes it: escaped in JSON, quoted with its quotes doubled in CSV.
    #expect(
      text.contains(
        format == "json" ? #"clip, \"frame\":2\n视频 \"x\".mp4""# : "clip, \"\"frame\"\":2\n视频 \"\"x\"\".mp4\","
      ))
    #expect(try !Self.bytes("one-people.\(people)", in: folder).isEmpty, "the video has a person")

    // Two shards, their parts and summaries merged: the one process's files.
    for shard in 1...2 {
      let part = ["--shard", "\(shard)/2", "--output", "part-\(shard).\(records)"]
      let extra = shard == 2 ? ["--timeline", "part.svg"] : []
      let run = try Self.run(detect + part + ["--summary", "people-\(shard).\(people)"] + extra, in: folder)
      #expect(run.status == 0 && run.errors.isEmpty, "shard \(shard): \(run.errors)")
    }
    let parts = ["part-1.\(records)", "people-1.\(people)", "part-2.\(records)", "people-2.\(people)"]
    let merge = try Self.run(
      ["merge"] + parts + ["--output", "all.\(records)", "--summary", "all-people.\(people)"], in: folder)
    #expect(merge.status == 0 && merge.errors.isEmpty, "\(merge.errors)")
    #expect(try Self.bytes("all.\(records)", in: folder) == Self.bytes("one.\(records)", in: folder))
    #expect(
      try Self.bytes("all-people.\(people)", in: folder) == Self.bytes("one-people.\(people)", in: folder))
    // The shard with the video draws the timeline the one process drew.
    #expect(try Self.bytes("part.svg", in: folder) == Self.bytes("one.svg", in: folder))

    // Killed in the middle of the video, half a record written, then resumed.
    let killed = try KilledRun(
      detect + ["--output", "killed.\(records)"], in: folder, output: "killed.\(records)", records: 5,
      counting: format == "json" ? .jsonLines : .csvRows, tearing: true)
    #expect(killed.status == SIGKILL, "\(killed.errors)")
    let resumed = try Self.run(
      detect + ["--output", "killed.\(records)", "--resume", "--summary", "killed-people.\(people)"],
      in: folder)
    #expect(resumed.status == 0 && resumed.errors.isEmpty, "\(resumed.errors)")
    #expect(try Self.bytes("killed.\(records)", in: folder) == Self.bytes("one.\(records)", in: folder))
    #expect(
      try Self.bytes("killed-people.\(people)", in: folder) == Self.bytes("one-people.\(people)", in: folder))
  }
}
