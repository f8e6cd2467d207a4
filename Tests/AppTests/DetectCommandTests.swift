import Foundation
import Testing

@testable import App

/// Runs the real `emotions` binary, as a script would.
@Suite("emotions detect", .serialized)
struct DetectCommandTests {
  struct Run {
    var status: Int32
    var output: String
    var errors: [String]
  }

  /// The `emotions` executable built beside the test bundle.
  static let executable: String = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while folder.path != "/" {
      let candidate = folder.appendingPathComponent("emotions").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder.deleteLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/debug/emotions").path
  }()

  static func run(
    _ arguments: [String], environment: [String: String] = [:], shell: String? = nil
  ) throws -> Run {
    let process = Process()
    if let shell {
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = ["-c", shell, executable] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
    }
    var variables = ProcessInfo.processInfo.environment
    variables["EMOTIONS_MODEL_DIR"] = repositoryRoot.appendingPathComponent("Models").path
    variables.merge(environment) { $1 }
    process.environment = variables
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errorText = String(decoding: errorData, as: UTF8.self)
    return Run(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      errors: errorText.split(separator: "\n").map(String.init))
  }

  /// A folder of broken inputs, made fresh for each test.
  static func hostileFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotions-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let png = try Data(contentsOf: URL(fileURLWithPath: fixture("astronaut.png")))
    try png.prefix(png.count / 2).write(to: folder.appendingPathComponent("truncated.png"))
    try Data().write(to: folder.appendingPathComponent("empty.jpg"))
    var huge = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    huge.append(contentsOf: [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 2, 0, 0, 0, 0, 0, 0, 0])
    try huge.write(to: folder.appendingPathComponent("huge.png"))
    try Data("not a video at all".utf8).write(to: folder.appendingPathComponent("broken.mp4"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("no-images"), withIntermediateDirectories: true)
    try Data("text".utf8).write(to: folder.appendingPathComponent("no-images/readme.txt"))
    return folder
  }

  @Test func aPhotoAsJSON() throws {
    let run = try Self.run(["detect", "--json", fixture("astronaut.png")])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect(object["source"] as? String == fixture("astronaut.png"))
    #expect(object["frame"] as? Int == 0)
    #expect(object["width"] as? Int == 512 && object["height"] as? Int == 512)
    let faces = try #require(object["faces"] as? [[String: Any]])
    #expect(faces.count == 1)
    #expect(faces.first?["emotion"] as? String == "happy")
    let scores = try #require(faces.first?["scores"] as? [String: Double])
    #expect(Set(scores.keys) == ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"])
    #expect(abs(scores.values.reduce(0, +) - 1) < 1e-4)
    #expect(lines[0].hasPrefix("{\"source\":"), "keys in the documented order")
  }

  @Test func everyBrokenInputGetsOneLineAndTheOthersGoOn() throws {
    let folder = try Self.hostileFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = { (name: String) in folder.appendingPathComponent(name).path }
    let inputs = [
      path("missing.png"), path("truncated.png"), fixture("astronaut.png"), path("empty.jpg"),
      path("huge.png"),
      path("broken.mp4"), path("no-images"),
    ]
    let run = try Self.run(["detect", "--json"] + inputs)
    #expect(run.status == 1)
    #expect(run.output.split(separator: "\n").count == 1, "the good photo still went through")
    #expect(run.errors.count == 6, "\(run.errors)")
    for (line, name) in zip(
      run.errors, ["missing.png", "truncated.png", "empty.jpg", "huge.png", "broken.mp4", "no-images"])
    {
      #expect(line.hasPrefix("emotions: ") && line.contains(name), "\(line)")
    }
  }

  @Test func usageErrorsExitWithTwo() throws {
    #expect(try Self.run(["detect"]).status == 2)
    #expect(try Self.run(["detect", "--every", "0", "x"]).status == 2)
    #expect(try Self.run(["--frobnicate"]).errors.first == "emotions: unknown option --frobnicate")
  }

  @Test func aMissingModelIsOneClearLine() throws {
    let run = try Self.run(["detect", "--model-dir", "/nonexistent", fixture("astronaut.png")])
    #expect(run.status == 1)
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.contains("Tools/setup") == true, "\(run.errors)")
  }

  @Test func aMissingFFmpegFailsTheVideoOnly() throws {
    let run = try Self.run(
      ["detect", "--json", fixture("faces.mp4"), fixture("astronaut.png")],
      environment: ["PATH": "/nonexistent"])
    #expect(run.status == 1)
    #expect(run.output.split(separator: "\n").count == 1)
    #expect(run.errors.count == 1 && run.errors[0].contains("ffmpeg"), "\(run.errors)")
  }

  @Test func aClosedPipeEndsTheRunQuietlyWithoutLeftoverFFmpeg() throws {
    // A copy with a unique name, so no other ffmpeg on the machine is mistaken for ours.
    let video = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID().uuidString).mp4")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: fixture("faces.mp4")), to: video)
    defer { try? FileManager.default.removeItem(at: video) }
    let run = try Self.run(
      ["detect", "--json", video.path],
      shell: "\"$0\" \"$@\" | head -1; status=${PIPESTATUS[0]}; sleep 0.3; "
        + "pgrep -f '[f]fmpeg.*\(video.lastPathComponent)' >/dev/null && echo LEFTOVER; exit $status")
    #expect(run.status == 0)
    #expect(run.errors.isEmpty, "\(run.errors)")
    #expect(run.output.split(separator: "\n").count == 1)
    #expect(!run.output.contains("LEFTOVER"))
  }

  @Test func aVideoFrameByFrameWithShardsAndATimeline() throws {
    let svg = FileManager.default.temporaryDirectory.appendingPathComponent(
      "timeline-\(UUID().uuidString).svg")
    defer { try? FileManager.default.removeItem(at: svg) }
    let run = try Self.run(["detect", "--json", "--every", "5", "--timeline", svg.path, fixture("faces.mp4")])
    #expect(run.status == 0)
    let frames = run.output.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(frames.map { $0["frame"] as? Int } == [0, 5, 10, 15, 20, 25])
    #expect(frames.map { $0["time"] as? Double } == [0, 0.5, 1, 1.5, 2, 2.5])
    let drawing = try String(contentsOf: svg, encoding: .utf8)
    #expect(drawing.hasPrefix("<svg") && drawing.contains("</svg>"))
    #expect(
      drawing.contains("<polyline") && drawing.contains(">happy</text>") && drawing.contains("time (s)"))

    let all = [fixture("astronaut.png"), fixture("coffee.png"), fixture("group.png"), fixture("rocket.jpg")]
    let second = try Self.run(["detect", "--json", "--shard", "2/2"] + all)
    let sources = second.output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["source"] as? String
    }
    #expect(sources == [fixture("coffee.png"), fixture("rocket.jpg")])
  }
}
