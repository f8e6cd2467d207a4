import Foundation
import SystemTesting

/// ffprobe, ffmpeg and Python run as the tests' independent judges of what `detect` wrote.
enum MediaTools {
  /// Runs a tool to its end; its standard output, or a failure with its standard error.
  static func output(_ arguments: [String]) throws -> Data {
    let result = try ChildProcess.run(arguments, environment: ProcessInfo.processInfo.environment)
    guard result.status == 0 else {
      throw ChildProcess.Failure(
        description: "\(arguments.joined(separator: " ")): \(String(decoding: result.errors, as: UTF8.self))")
    }
    return result.output
  }

  /// ffprobe's answer for the first stream of `type` (`v` or `a`), frames counted by decoding.
  static func probe(_ path: String, stream: String = "v") throws -> [String: Any] {
    let data = try output([
      "ffprobe", "-v", "error", "-count_frames", "-select_streams", "\(stream):0", "-show_entries",
      "stream=codec_name,width,height,avg_frame_rate,nb_read_frames", "-of", "json", path,
    ])
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return (object?["streams"] as? [[String: Any]])?.first ?? [:]
  }

  /// Frame `index` of a video as RGB bytes, decoded by ffmpeg.
  static func frame(_ index: Int, of path: String) throws -> [UInt8] {
    Array(
      try output([
        "ffmpeg", "-nostdin", "-v", "error", "-i", path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
        "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1",
      ]))
  }
}
