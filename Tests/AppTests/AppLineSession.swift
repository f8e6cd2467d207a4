import Foundation
import Synchronization

/// The real `emotions` binary in line mode: commands written to a pipe on its standard input,
/// its standard output and error collected together, as a script would drive it.
final class AppLineSession {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let collected = Collected()
  private let deadline = ContinuousClock.now + .seconds(60)

  /// Starts `emotions` with these extra environment variables, wrapped in `prefix` (a command
  /// such as `setpriv ...` that then runs the binary) when one is given.
  init(environment: [String: String], prefix: [String] = []) throws {
    if let tool = prefix.first {
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = Array(prefix.dropFirst()) + [DetectCommandTests.executable]
    } else {
      process.executableURL = URL(fileURLWithPath: DetectCommandTests.executable)
    }
    var variables = ProcessInfo.processInfo.environment
    variables["EMOTIONS_MODEL_DIR"] = repositoryRoot.appendingPathComponent("Models").path
    variables.merge(environment) { $1 }
    process.environment = variables
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    output.fileHandleForReading.readabilityHandler = { [collected] handle in
      let data = handle.availableData
      collected.bytes.withLock { $0.append(data) }
    }
    try process.run()
  }

  deinit {
    if process.isRunning { process.terminate() }
    // Foundation's Process and its run loop source hold each other until waitUntilExit()
    // lets go of the source; without it every session's process and pipes leaked.
    process.waitUntilExit()
    // The handler would otherwise stay installed, and keep itself and the pipe alive
    // (LeakSanitizer, Tools/test --sanitize App).
    output.fileHandleForReading.readabilityHandler = nil
  }

  /// Everything the app printed so far.
  var text: String { String(decoding: collected.bytes.withLock { $0 }, as: UTF8.self) }

  /// Sends one command line.
  func enter(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
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

  /// Waits for the app to end and returns its exit status.
  func waitForExit() throws -> Int32 {
    while ContinuousClock.now < deadline {
      if !process.isRunning { return process.terminationStatus }
      usleep(20_000)
    }
    throw Failure(description: "the app did not exit; output: \(text.suffix(2000).debugDescription)")
  }
}

/// The output read so far, shared with the pipe's reading handler.
private final class Collected: Sendable {
  let bytes = Mutex(Data())
}
