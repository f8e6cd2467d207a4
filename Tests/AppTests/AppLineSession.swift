import Foundation
import Synchronization
import System
import SystemTesting

/// The real `emotions` binary in line mode: commands written to a pipe on its standard input,
/// its standard output and error collected together, as a script would drive it.
final class AppLineSession {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private let child: ChildProcess
  private let collected = Collected()
  private let deadline = ContinuousClock.now + .seconds(60)

  /// Starts `emotions` with `arguments` and these extra environment variables, wrapped in
  /// `prefix` (a command such as `setpriv ...` that then runs the binary) when one is given.
  init(environment: [String: String], arguments: [String] = [], prefix: [String] = []) throws {
    var variables = ProcessInfo.processInfo.environment
    variables["EMOTIONS_MODEL_DIR"] = repositoryRoot.appendingPathComponent("Models").path
    variables.merge(environment) { $1 }
    child = try ChildProcess(
      prefix + [DetectCommandTests.executable] + arguments, environment: variables, keepsInput: true,
      mergesErrors: true)
    child.streamOutput(
      to: { [collected] data in collected.bytes.withLock { $0.append(data) } },
      ended: { [collected] in collected.ended.store(true, ordering: .releasing) })
  }

  /// Everything the app printed so far.
  var text: String { String(decoding: collected.bytes.withLock { $0 }, as: UTF8.self) }

  /// The app's process id.
  var pid: pid_t { child.pid }

  /// Sends `signal` to the app.
  func send(_ signal: Int32) { child.send(signal) }

  /// Sends one command line.
  func enter(_ line: String) {
    child.write(line + "\n")
  }

  /// Waits until the output contains `marker` at least `count` times.
  func waitFor(_ marker: String, count: Int = 1) throws {
    while ContinuousClock.now < deadline {
      if text.components(separatedBy: marker).count - 1 >= count { return }
      usleep(20_000)
    }
    throw Failure(
      description: "gave up waiting for \(marker.debugDescription) in \(text.suffix(2000).debugDescription)")
  }

  /// Waits for the app to end and everything it printed to be read; returns its exit status.
  func waitForExit() throws -> Int32 {
    while ContinuousClock.now < deadline {
      if let status = child.exitStatus, collected.ended.load(ordering: .acquiring) { return status }
      usleep(20_000)
    }
    let state = child.exitStatus == nil ? "did not exit" : "exited, but its output was never closed"
    throw Failure(description: "the app \(state); output: \(text.suffix(2000).debugDescription)")
  }
}

/// The output read so far, shared with the pipe's reading handler.
private final class Collected: Sendable {
  let bytes = LockedValue(Data())
  /// Whether the app closed its output and all of it was read.
  let ended = Atomic(false)
}
