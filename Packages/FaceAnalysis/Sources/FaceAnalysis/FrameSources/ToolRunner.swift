import Foundation

/// Finds ffmpeg and ffprobe and runs them as child processes with `posix_spawn`.
///
/// posix_spawn rather than Foundation's `Process`: the source owns the exact pid it waits for,
/// no run loop or background reaper is involved, stdout is a plain pipe read synchronously,
/// stderr goes to a temporary file (so a chatty child can never block on a full pipe), and
/// signal dispositions are reset in the child so SIGPIPE and SIGINT stop it even when this
/// process ignores them.
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

  /// A running child with its stdout pipe and its stderr file.
  final class Running {
    let tool: String
    let pid: Int32
    let output: Int32
    let errorFile: String
    private(set) var exitStatus: Int32?

    init(tool: String, arguments: [String]) throws(FrameSourceError) {
      let executable = try ToolRunner.locate(tool)
      self.tool = tool
      errorFile = NSTemporaryDirectory() + "faceanalysis-\(UUID().uuidString).log"
      switch POSIX.spawn(executable: executable, arguments: [tool] + arguments, errorFile: errorFile) {
      case .success(let child):
        pid = child.pid
        output = child.output
        ChildProcesses.add(child.pid)
      case .failure(let failure):
        try? FileManager.default.removeItem(atPath: errorFile)
        throw FrameSourceError.spawnFailed(tool: tool, reason: failure.reason)
      }
    }

    /// Fills `buffer` completely; returns the bytes read (fewer only at end of stream).
    func readFully(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
      guard let base = buffer.baseAddress, exitStatus == nil else { return 0 }
      var filled = 0
      while filled < buffer.count {
        let count = POSIX.readBytes(output, into: base + filled, count: buffer.count - filled)
        if count <= 0 { break }
        filled += count
      }
      return filled
    }

    /// Waits for a child whose output ended and reaps it.
    @discardableResult
    func finish() -> Int32 {
      if let exitStatus { return exitStatus }
      POSIX.closeDescriptor(output)
      let status = ChildProcesses.wait(pid)
      exitStatus = status
      return status
    }

    /// Stops a child early (closing its pipe, then SIGTERM, then SIGKILL) and reaps it.
    func stop() {
      guard exitStatus == nil else { return }
      POSIX.closeDescriptor(output)
      exitStatus = ChildProcesses.stop(pid)
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
