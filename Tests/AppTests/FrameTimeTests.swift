import Foundation
import SystemTesting
import Testing

/// `detect` gives each frame of a variable-frame-rate video its own time, as ffprobe reads the
/// frame's presentation time, and so do the people's first and last times in `--summary`.
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
      let records = try run.output.split(separator: "\n").map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      }
      #expect(records.count == (expected.count + every - 1) / every)
      for record in records {
        let frame = try #require(record["frame"] as? Int)
        let time = try #require(record["time"] as? Double)
        #expect(abs(time - expected[frame]) <= 0.002, "frame \(frame) at \(time), not \(expected[frame])")
      }
    }
  }
}
