import Foundation
import SystemTesting
import Testing

/// `detect` gives each frame of a variable-frame-rate video its own time, as ffprobe reads the
/// frame's presentation time; a stream with neither times nor a rate is counted at 25 fps.
@Suite("Frame times")
struct FrameTimeTests {
  /// Each frame's presentation time less the first's, in seconds, as ffprobe decodes them.
  static func presentationTimes(of path: String) throws -> [Double] {
    let text = String(
      decoding: try MediaTools.output([
        "ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
        "frame=best_effort_timestamp_time",
        "-of", "csv=p=0", path,
      ]), as: UTF8.self)
    let times = try text.split(whereSeparator: \.isNewline).map { line in
      try #require(Double(line.trimmingCharacters(in: CharacterSet(charactersIn: ", "))))
    }
    return times.map { $0 - (times.first ?? 0) }
  }

  @Test func aVariableFrameRateVideosRecordsCarryEachFramesOwnTime() throws {
    let clip = fixture("faces-vfr.mp4")
    let expected = try Self.presentationTimes(of: clip)
    #expect(expected.count == 30 && abs(expected[15] - 2) < 1e-6, "10 fps for 1 s, then 5 fps: \(expected)")
    for every in [1, 4] {
      let run = try DetectCommandTests.run(["detect", "--json", "--every", "\(every)", clip])
      #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
      let records = try Self.records(run.output)
      #expect(records.count == (expected.count + every - 1) / every)
      for record in records {
        let frame = try #require(record["frame"] as? Int)
        let time = try #require(record["time"] as? Double)
        #expect(abs(time - expected[frame]) <= 0.002, "frame \(frame) at \(time), not \(expected[frame])")
      }
    }
  }

  /// Records as JSON objects, one a line.
  static func records(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }

  @Test func aStreamWithNeitherTimesNorARateIsCountedAt25FpsTrackedAndResumed() throws {
    // make-fixtures writes bare motion JPEG: pictures one after another, nothing else.
    let clip = fixture("faces-norate.mjpeg")
    let arguments = ["detect", "--json", "--every", "2", clip]
    let whole = try DetectCommandTests.run(arguments)
    #expect(whole.status == 0)
    let note =
      "emotions: \(clip): the stream gives neither frame times nor a frame rate: its frames are counted at 25 fps"
    #expect(whole.errors == [note], "said once")
    let records = try Self.records(whole.output)
    #expect(records.map { $0["frame"] as? Int } == Array(stride(from: 0, to: 20, by: 2)))
    for record in records {
      let frame = try #require(record["frame"] as? Int)
      #expect(record["time"] as? Double == Double(frame) / 25, "frame \(frame)")
      // Samples 0.08 s apart: the one face is a person from the second sample on.
      let faces = try #require(record["faces"] as? [[String: Any]])
      let track = try #require(faces.first?["track"] as? [String: Any], "frame \(frame)")
      #expect(faces.count == 1 && track["id"] as? Int == 1)
    }

    // What a run killed in the middle of its fifth record leaves, resumed.
    let folder = try DetectCommandTests.emptyFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = whole.output.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.count > 5)
    let part = folder.appendingPathComponent("part.jsonl")
    try Data((lines.prefix(4).joined(separator: "\n") + "\n" + lines[4].prefix(lines[4].count / 2)).utf8)
      .write(to: part)
    let resumed = try DetectCommandTests.run(arguments + ["--output", part.path, "--resume"])
    #expect(resumed.status == 0 && resumed.errors == [note], "\(resumed.errors)")
    #expect(try String(contentsOf: part, encoding: .utf8) == whole.output)
  }
}
