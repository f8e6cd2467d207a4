import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
  /// error to /dev/null, and waits for it with `wait4` to read its resource usage.
  static func run(_ arguments: [String]) throws -> ChildRun {
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out").path
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let cArguments = arguments.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var pid: pid_t = 0
    let start = Clock.now()
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, cArguments, environ)
    guard spawned == 0 else { throw BenchError.launch("cannot start \(arguments[0]): error \(spawned)") }
    var status: Int32 = 0
    var usage = rusage()
    var ownPeak = 0
    while true {
      let waited = wait4(pid, &status, WNOHANG, &usage)
      if waited == pid { break }
      if waited < 0 && errno != EINTR { break }
      ownPeak = max(ownPeak, highWaterMark(pid))
      usleep(2_000)
    }
    let seconds = Clock.now() - start
    let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let output = FileManager.default.contents(atPath: outputPath) ?? Data()
    return ChildRun(
      seconds: seconds, peakBytes: Int(usage.ru_maxrss) * 1024, ownPeakBytes: ownPeak, status: exit,
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
