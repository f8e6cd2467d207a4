import Foundation
import System

/// Finds ffmpeg and ffprobe and runs them as System's ``Subprocess``es.
///
/// A `Subprocess` rather than Foundation's `Process`: the source owns the exact pid it waits
/// for, no run loop or background reaper is involved, stdout is a plain pipe read
/// synchronously, stderr goes to a temporary file (so a chatty child can never block on a full
/// pipe), and signal dispositions are reset in the child so SIGPIPE and SIGINT stop it even
/// when this process ignores them.
enum ToolRunner {
  /// The executable's full path: `name` itself when it contains a slash, else the first
  /// match on `PATH`.
  static func locate(_ name: String) throws(FrameSourceError) -> String {
    if name.contains("/") {
      guard POSIX.isExecutable(name) else { throw FrameSourceError.toolMissing(tool: name) }
      return name
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = "\(folder)/\(name)"
      if POSIX.isExecutable(candidate) { return candidate }
    }
    throw FrameSourceError.toolMissing(tool: name)
  }

  /// How long a child stopped early gets between SIGTERM and SIGKILL.
  static let stopGrace = Duration.milliseconds(500)

  /// Starts `executable` as `tool` with `arguments`, stderr written to `errorFile` and the
  /// other stream on `/dev/null`, and tracks it for ``ProcessCleanup``. Its pipe holds 1 MiB
  /// (the limit for unprivileged processes), so the child can run a frame or more ahead of
  /// this process instead of 64 KiB.
  static func spawn(
    executable: String, tool: String, arguments: [String], errorFile: String, feedsInput: Bool = false
  ) throws(Errno) -> Subprocess {
    let child = try Subprocess(
      executable: executable, arguments: [tool] + arguments, standardInput: feedsInput ? .pipe : .nullDevice,
      standardOutput: feedsInput ? .nullDevice : .pipe, standardError: .file(errorFile))
    (child.standardInput ?? child.standardOutput)?.requestPipeCapacity(1 << 20)
    ProcessCleanup.track(child)
    return child
  }

  /// A running child with its stdout pipe and its stderr file.
  final class Running {
    let tool: String
    let errorFile: String
    private let child: Subprocess
    private(set) var exitStatus: Int32?

    /// The child's process id.
    var pid: Int32 { child.pid }

    init(tool: String, arguments: [String]) throws(FrameSourceError) {
      let executable = try ToolRunner.locate(tool)
      self.tool = tool
      errorFile = NSTemporaryDirectory() + "faceanalysis-\(UUID().uuidString).log"
      do {
        child = try ToolRunner.spawn(
          executable: executable, tool: tool, arguments: arguments, errorFile: errorFile)
      } catch {
        try? FileManager.default.removeItem(atPath: errorFile)
        throw FrameSourceError.spawnFailed(tool: tool, reason: error.description)
      }
    }

    /// Fills `buffer` completely; returns the bytes read (fewer only at end of stream).
    func readFully(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
      guard exitStatus == nil, let output = child.standardOutput else { return 0 }
      return (try? output.readFully(into: buffer)) ?? 0
    }

    /// Waits for a child whose output ended and reaps it.
    @discardableResult
    func finish() -> Int32 {
      if let exitStatus { return exitStatus }
      child.close(.output)
      let status = child.waitForExit().shellStatus
      exitStatus = status
      return status
    }

    /// Stops a child early (closing its pipe, then SIGTERM, then SIGKILL) and reaps it.
    func stop() {
      guard exitStatus == nil else { return }
      child.close(.output)
      exitStatus = child.terminate(grace: ToolRunner.stopGrace).shellStatus
    }

    /// The child's stderr, trimmed to its last non-empty line.
    func errorSummary() -> String {
      POSIX.lastLine(ofFile: errorFile) ?? "exit status \(exitStatus ?? -1)"
    }

    deinit {
      stop()
      try? FileManager.default.removeItem(atPath: errorFile)
    }
  }

  /// Runs a tool to completion and returns its stdout, or its last stderr line on failure.
  static func run(_ tool: String, arguments: [String]) throws(FrameSourceError) -> Result<Data, RunFailure> {
    let running = try Running(tool: tool, arguments: arguments)
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { running.readFully($0) }
      data.append(contentsOf: chunk[0..<count])
      if count < chunk.count { break }
    }
    let status = running.finish()
    guard status == 0 else { return .failure(RunFailure(status: status, message: running.errorSummary())) }
    return .success(data)
  }

  struct RunFailure: Error {
    let status: Int32
    let message: String
  }
}
