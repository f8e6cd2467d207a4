import Foundation
import Testing

@testable import EmotionsApp

/// No output of `emotions detect` replaces an input or an existing file: each refusal is
/// status 2 and one line naming both paths, before the first frame (the model directory does
/// not even exist), and every file in the folder keeps its bytes.
@Suite("detect never replaces an input or a file", .serialized)
struct OutputSafetyTests {
  /// A folder with a video, a hard link and a symbolic link to it, a folder of photos, an
  /// unrelated file and an annotated-pictures folder that already holds one picture.
  static func workspace() throws -> URL {
    let folder = try DetectCommandTests.emptyFolder()
    let manager = FileManager.default
    let path = { (name: String) in folder.appendingPathComponent(name).path }
    try manager.copyItem(atPath: fixture("faces.mp4"), toPath: path("a.mp4"))
    #expect(link(path("a.mp4"), path("hard.mp4")) == 0)
    try manager.createSymbolicLink(atPath: path("sym.mp4"), withDestinationPath: "a.mp4")
    for name in ["imgs", "out", "sub"] {
      try manager.createDirectory(atPath: path(name), withIntermediateDirectories: true)
    }
    try manager.copyItem(atPath: fixture("astronaut.png"), toPath: path("imgs/astronaut.png"))
    try manager.copyItem(atPath: fixture("rocket.jpg"), toPath: path("imgs/rocket.jpg"))
    try Data("unrelated".utf8).write(to: URL(fileURLWithPath: path("other.mp4")))
    try Data("an earlier picture".utf8).write(to: URL(fileURLWithPath: path("out/astronaut.png")))
    return folder
  }

  /// Every file under `folder` (links as links) with its bytes.
  static func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let manager = FileManager.default
    for name in try manager.subpathsOfDirectory(atPath: folder.path) {
      let path = folder.appendingPathComponent(name).path
      if let target = try? manager.destinationOfSymbolicLink(atPath: path) {
        files[name] = Data(("link to " + target).utf8)
        continue
      }
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
        files[name] = Data()
        continue
      }
      files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
    }
    return files
  }

  /// `detect` in `folder` with a model directory that does not exist: a refusal must come first.
  static func refusal(_ arguments: [String], in folder: URL) throws -> DetectCommandTests.Run {
    try DetectCommandTests.run(
      ["detect", "--model-dir", "/nonexistent-models"] + arguments,
      shell: "cd '\(folder.path)' && exec \"$0\" \"$@\"", deadline: .seconds(60))
  }

  static let refusals: [(arguments: [String], error: String)] = [
    (["a.mp4", "--annotate", "a.mp4"], "--annotate a.mp4 is the input a.mp4; give another name"),
    (
      ["a.mp4", "--annotate", "hard.mp4"],
      "--annotate hard.mp4 is the input a.mp4 (the same file); give another name"
    ),
    (
      ["a.mp4", "--annotate", "sym.mp4"],
      "--annotate sym.mp4 is the input a.mp4 (the same file); give another name"
    ),
    (
      ["a.mp4", "--annotate", "sub/../a.mp4", "--overwrite"],
      "--annotate sub/../a.mp4 is the input a.mp4 (the same file); give another name"
    ),
    (
      ["sub/../a.mp4", "--timeline", "a.mp4"],
      "--timeline a.mp4 is the input sub/../a.mp4 (the same file); give another name"
    ),
    (
      ["a.mp4", "--json", "--output", "./a.mp4", "--overwrite"],
      "--output ./a.mp4 is the input a.mp4 (the same file); give another name"
    ),
    (
      ["imgs", "--annotate", "imgs"],
      "--annotate imgs is the input folder imgs, whose pictures it would replace; give another folder"
    ),
    (
      ["imgs/astronaut.png", "--annotate", "imgs"],
      "--annotate imgs would write imgs/astronaut.png, which is the input imgs/astronaut.png; give another name"
    ),
    (
      ["imgs", "--json", "--output", "imgs/records.jsonl"],
      "--output imgs/records.jsonl is inside the input folder imgs, which is read; write it elsewhere"
    ),
    (["a.mp4", "--annotate", "other.mp4"], "--annotate other.mp4 exists; add --overwrite to replace it"),
    (
      ["a.mp4", "--json", "--output", "other.mp4"],
      "--output other.mp4 exists; add --overwrite to replace it or --resume to continue it"
    ),
    (
      ["imgs", "--annotate", "out"],
      "--annotate out would write out/astronaut.png, which exists; add --overwrite to replace it"
    ),
    (
      ["a.mp4", "--json", "--output", "results.json", "--timeline", "results.json"],
      "--timeline results.json is the file --output results.json writes; give another name"
    ),
  ]

  @Test func everyRefusalIsOneLineBeforeAnyWorkAndLeavesEveryFileAsItWas() throws {
    let folder = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Self.snapshot(folder)
    #expect(before["a.mp4"] == (try Data(contentsOf: URL(fileURLWithPath: fixture("faces.mp4")))))
    for (arguments, error) in Self.refusals {
      let run = try Self.refusal(arguments, in: folder)
      #expect(run.status == 2, "\(arguments): \(run.errors)")
      #expect(run.errors == ["emotions: " + error], "\(arguments)")
      #expect(run.output.isEmpty)
      #expect(try Self.snapshot(folder) == before, "\(arguments) changed a file")
    }
  }

  @Test func overwriteReplacesAnUnrelatedFileButNeverAnInput() throws {
    let folder = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Self.snapshot(folder)
    let run = try DetectCommandTests.run(
      ["detect", "imgs/astronaut.png", "--json", "--output", "other.mp4", "--overwrite"],
      shell: "cd '\(folder.path)' && exec \"$0\" \"$@\"", deadline: .seconds(60))
    #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
    #expect(run.output.isEmpty, "the records went to the file")
    let written = try String(contentsOf: folder.appendingPathComponent("other.mp4"), encoding: .utf8)
    #expect(written.hasPrefix("{\"source\":\"imgs/astronaut.png\"") && written.hasSuffix("]}\n"))
    var after = try Self.snapshot(folder)
    after["other.mp4"] = before["other.mp4"]
    #expect(after == before, "nothing else changed")
  }
}
