import Foundation
import System

/// One run of a child process: its wall time, peak memory and standard output.
struct ChildRun {
  /// Wall-clock seconds from spawn to exit.
  var seconds: Double
  /// The largest peak resident set size of the child and the children it waited for, in
  /// bytes (`ru_maxrss` from `wait4`; for `emotions detect` on a video that is often ffmpeg's).
  var peakBytes: Int
  /// The child's own peak resident set size (`VmHWM` of /proc/pid/status, read every few
  /// milliseconds until it exits), in bytes.
  var ownPeakBytes: Int
  /// The exit status (or 128 + signal).
  var status: Int32
  /// Everything the child wrote to standard output.
  var output: Data

  /// Runs `arguments[0]` with `arguments`, standard output to a temporary file and standard
  /// error to /dev/null, and waits for it, reading its resource usage as it is reaped.
  static func run(_ arguments: [String]) throws -> ChildRun {
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out").path
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    let start = Clock.now()
    let child: Subprocess
    do {
      child = try Subprocess(
        executable: arguments[0], arguments: arguments, standardOutput: .file(outputPath),
        standardError: .nullDevice)
    } catch {
      throw BenchError.launch("cannot start \(arguments[0]): \(error)")
    }
    var ownPeak = 0
    while child.exitStatusIfEnded == nil {
      ownPeak = max(ownPeak, highWaterMark(child.pid))
      usleep(2_000)
    }
    let seconds = Clock.now() - start
    let output = FileManager.default.contents(atPath: outputPath) ?? Data()
    return ChildRun(
      seconds: seconds, peakBytes: child.peakResidentBytes, ownPeakBytes: ownPeak,
      status: child.waitForExit().shellStatus,
      output: output)
  }

  /// `VmHWM` of a running process, in bytes (0 once it is gone).
  private static func highWaterMark(_ pid: pid_t) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.split(separator: " ").dropFirst().first { !$0.isEmpty }
      return (digits.flatMap { Int($0) } ?? 0) * 1024
    }
    return 0
  }
}
