import Foundation
import System
import SystemTesting
import Testing

/// `emotions detect` stopped dead with SIGKILL once its `--output` holds a number of records, as
/// a crash or `kill -9` stops it: the test watches the file and kills the child itself, so the
/// shipped binary holds no hook for it.
///
/// The child runs in slices of a few milliseconds between SIGCONT and SIGSTOP, and the file is
/// read while the child is stopped, so the kill comes at the first slice after which the file
/// holds the records asked for: a few records past that point at most, never after the run's
/// end. A crash in the middle of a record's one write is made by cutting the last record in
/// half afterwards, which is what such a crash leaves.
struct KilledRun {
  /// How the test counts a file's records: JSON lines by their newlines, CSV rows by their
  /// CRLFs after the header's (the names the tests use hold no CR).
  enum Counting {
    case jsonLines, csvRows

    /// The records in `bytes`; nil while a CSV file has no whole header.
    func records(in bytes: [UInt8]) -> Int? {
      switch self {
      case .jsonLines:
        return bytes.count { $0 == UInt8(ascii: "\n") }
      case .csvRows:
        let rows = zip(bytes, bytes.dropFirst()).count {
          $0 == UInt8(ascii: "\r") && $1 == UInt8(ascii: "\n")
        }
        return rows > 0 ? rows - 1 : nil
      }
    }
  }

  /// The child's exit status: SIGKILL's number when it was killed.
  var status: Int32
  /// What it said on standard error.
  var errors: [String]

  /// Runs `emotions arguments` in `folder` until the file `output` (in `folder`) holds `records`
  /// records, then kills it; `tearing` then cuts the file's last record in half. A child that
  /// ends first is let be and its status given.
  init(
    _ arguments: [String], in folder: URL, output: String, records: Int, counting: Counting,
    tearing: Bool = false, deadline: Duration = .seconds(120)
  ) throws {
    let path = folder.appendingPathComponent(output).path
    let count = { () -> Int? in
      guard case .bytes(let bytes) = RegularFile.read(path) else { return nil }
      return counting.records(in: bytes)
    }
    var variables = ProcessInfo.processInfo.environment
    variables["EMOTIONS_MODEL_DIR"] = repositoryRoot.appendingPathComponent("Models").path
    let child = try ChildProcess(
      ["/bin/bash", "-c", "cd '\(folder.path)' && exec \"$0\" \"$@\"", DetectCommandTests.executable]
        + arguments, environment: variables)
    let drained = Self.drain(child)
    let end = ContinuousClock.now + deadline
    var killed = false
    while child.exitStatus == nil, ContinuousClock.now < end {
      child.send(SIGCONT)
      Thread.sleep(forTimeInterval: 0.002)
      child.send(SIGSTOP)
      Self.waitUntilStopped(child.pid)
      if let written = count(), written >= records {
        child.send(SIGKILL)
        killed = true
        break
      }
    }
    if !killed, child.exitStatus == nil {
      // Still running at the deadline: ended (SIGTERM, then SIGKILL), so the test fails, not hangs.
      child.send(SIGCONT)
      child.end()
    }
    status = child.waitForExit()
    errors = drained().split(separator: "\n").map(String.init)
    if killed, tearing { try Self.tearLastRecord(path) }
  }

  /// Reads the child's output and errors to their end on a thread of its own, so that it never
  /// waits on a full pipe; gives the errors once the child has closed them.
  private static func drain(_ child: ChildProcess) -> () -> String {
    let errors = LockedValue<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let read = child.readToEnd().errors
      errors.withLock { $0 = String(decoding: read, as: UTF8.self) }
      done.signal()
    }
    return {
      _ = done.wait(timeout: .now() + 10)
      return errors.withLock { $0 } ?? ""
    }
  }

  /// Waits (two seconds at most) until the process is stopped or gone, by its state in
  /// `/proc/<pid>/stat`: the field after the command's closing parenthesis.
  private static func waitUntilStopped(_ pid: pid_t) {
    let end = ContinuousClock.now + .seconds(2)
    while ContinuousClock.now < end {
      guard case .bytes(let bytes) = RegularFile.read("/proc/\(pid)/stat"),
        let close = bytes.lastIndex(of: UInt8(ascii: ")")), close + 2 < bytes.count
      else { return }
      let state = bytes[close + 2]
      if state == UInt8(ascii: "T") || state == UInt8(ascii: "t") || state == UInt8(ascii: "Z") { return }
      Thread.sleep(forTimeInterval: 0.0002)
    }
  }

  /// Cuts the file's last line (its last record, or a CSV record's last row) in half.
  private static func tearLastRecord(_ path: String) throws {
    guard case .bytes(let bytes) = RegularFile.read(path), bytes.last == UInt8(ascii: "\n") else { return }
    let start = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let file = try FileDescriptor.open(path, O_WRONLY)
    defer { file.close() }
    try file.truncate(to: start + (bytes.count - start) / 2)
  }
}
