import Foundation

/// `emotions detect --json` on a video, run as a child process of the release binary:
/// frames per second over the whole run (start-up and model loading included) and peak RSS.
struct EndToEndBenchmark {
  let binary: String
  let modelDirectory: String
  let repeats: Int
  /// More options of `detect`, such as `--detector blazeface`.
  var options: [String] = []

  /// One video's result.
  struct Row {
    var name: String
    var frames: Int
    var seconds: Sample
    var peakBytes: [Int]
    var ownPeakBytes: [Int]

    var framesPerSecond: Double { Double(frames) / seconds.median }
  }

  /// Runs `detect` on `video` `repeats` times after one warm-up run.
  func run(video: String, name: String) throws -> Row {
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw BenchError.launch("\(binary) is missing: run `swift build -c release` at the repository root")
    }
    let arguments = [binary, "detect", "--json", "--model-dir", modelDirectory] + options + [video]
    var frames = 0
    var times: [Double] = []
    var peaks: [Int] = []
    var ownPeaks: [Int] = []
    for index in 0...repeats {
      let run = try ChildRun.run(arguments)
      guard run.status == 0 else { throw BenchError.launch("emotions detect exited with \(run.status)") }
      frames = run.output.split(separator: UInt8(ascii: "\n")).count
      if index > 0 {
        times.append(run.seconds)
        peaks.append(run.peakBytes)
        ownPeaks.append(run.ownPeakBytes)
      }
    }
    return Row(
      name: name, frames: frames, seconds: Sample(seconds: times), peakBytes: peaks, ownPeakBytes: ownPeaks)
  }

  /// `video` played `times` times in a row, written to a temporary file with ffmpeg (stream
  /// copy), to check that memory stays flat over a longer run.
  static func looped(_ video: String, times: Int) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-loop-\(times).mp4").path
    let run = try ChildRun.run([
      "/usr/bin/ffmpeg", "-y", "-loglevel", "error", "-stream_loop", String(times - 1), "-i", video, "-c",
      "copy", path,
    ])
    guard run.status == 0 else { throw BenchError.launch("ffmpeg could not loop \(video)") }
    return path
  }
}
