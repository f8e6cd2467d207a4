import Foundation
import System
import SystemTesting
import Testing

@testable import DetectCommand
@testable import EmotionsApp

/// The detect loop in process: real inputs and the real model, its output and errors written
/// to files instead of the process's streams.
@Suite("detect's loop, in process")
struct DetectLoopTests {
  struct Run {
    var status: Int32
    var lines: [String]
    var errors: [String]
  }

  static func run(_ inputs: [String], configure: (inout DetectOptions) -> Void = { _ in }) throws -> Run {
    let output = try TemporaryFile()
    let errors = try TemporaryFile()
    var options = DetectOptions()
    options.inputs = inputs
    options.json = true
    options.modelDirectory = repositoryRoot.appendingPathComponent("Models").path
    configure(&options)
    var command = Detect(options: options)
    command.streams = StandardStreams(output: output.descriptor, errors: errors.descriptor)
    let status = command.run()
    return Run(
      status: status, lines: try output.text().split(separator: "\n").map(String.init),
      errors: try errors.text().split(separator: "\n").map(String.init))
  }

  static func object(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  @Test func inputsAreWrittenInTheirOrderAndAFailureIsOneLineThatStopsNothing() throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("emotions-missing.png").path
    let run = try Self.run([fixture("coffee.png"), missing, fixture("astronaut.png")])
    #expect(run.status == 1)
    #expect(
      try run.lines.map { try Self.object($0)["source"] as? String } == [
        fixture("coffee.png"), fixture("astronaut.png"),
      ])
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.hasPrefix("emotions: ") == true && run.errors.first?.contains(missing) == true)
    let faces = try #require(try Self.object(run.lines[1])["faces"] as? [[String: Any]])
    #expect(faces.count == 1 && faces.first?["emotion"] as? String == "happy")
  }

  @Test func aVideoIsWrittenFrameByFrameInOrderEveryNthFrame() throws {
    let run = try Self.run([fixture("faces.mp4")]) { $0.every = 10 }
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    let frames = try run.lines.map { try Self.object($0)["frame"] as? Int }
    #expect(frames == [0, 10, 20])
    let times = try run.lines.compactMap { try Self.object($0)["time"] as? Double }
    #expect(times == times.sorted() && times.count == 3)
  }

  @Test func theTableStartsWithItsHeader() throws {
    let run = try Self.run([fixture("astronaut.png")]) { $0.json = false }
    #expect(run.status == 0)
    #expect(run.lines.first == TableFormat().header)
    #expect(run.lines.count == 2 && run.lines[1].contains("happy"))
  }

  @Test func aClosedReaderEndsTheRunQuietly() throws {
    var descriptors: [Int32] = [-1, -1]
    #expect(pipe(&descriptors) == 0)
    close(descriptors[0])
    defer { close(descriptors[1]) }
    let errors = try TemporaryFile()
    var options = DetectOptions()
    options.inputs = [fixture("faces.mp4")]
    options.json = true
    options.modelDirectory = repositoryRoot.appendingPathComponent("Models").path
    var command = Detect(options: options)
    command.streams = StandardStreams(output: descriptors[1], errors: errors.descriptor)
    #expect(command.run() == 0)
    #expect(try errors.text() == "")
  }

  @Test func aMissingModelIsOneLineAndNothingElse() throws {
    let run = try Self.run([fixture("astronaut.png")]) { $0.modelDirectory = "/nonexistent-models" }
    #expect(run.status == 1)
    #expect(run.lines.isEmpty)
    #expect(run.errors.count == 1 && run.errors.first?.contains("/nonexistent-models") == true)
  }
}
