import Foundation
import System

/// A test's child process: its standard input and output on pipes, read to the end or
/// streamed, and ended on the way out (input closed, SIGTERM, SIGKILL after two seconds).
///
/// Spawned through ``Subprocess`` with a clean signal mask and default actions, so a test
/// runner's thread that blocks SIGTERM cannot make a child that never ends. The tests do not
/// use Foundation's `Process`: each `run()` leaves behind a weak-reference side table that
/// LeakSanitizer reports when the test process ends (`Tools/test --sanitize`).
public final class ChildProcess: Sendable {
  /// Why a child could not start.
  public struct Failure: Error, CustomStringConvertible {
    /// One line.
    public let description: String

    /// A failure saying `description`.
    public init(description: String) { self.description = description }
  }

  /// What a finished child left.
  public struct Result: Sendable {
    /// The exit status, or the number of the signal that ended it.
    public var status: Int32
    /// Its standard output.
    public var output: Data
    /// Its standard error.
    public var errors: Data
  }

  private let process: Subprocess

  /// The child's process id.
  public var pid: pid_t { process.pid }

  /// Starts `arguments[0]` (looked up in `PATH` when it has no slash) with `arguments`.
  ///
  /// - Parameters:
  ///   - environment: the whole environment of the child.
  ///   - keepsInput: a pipe on standard input for ``write(_:)``; otherwise `/dev/null`.
  ///   - mergesErrors: standard error into the output pipe instead of a pipe of its own.
  public init(
    _ arguments: [String], environment: [String: String], keepsInput: Bool = false, mergesErrors: Bool = false
  ) throws {
    guard let tool = arguments.first else { throw Failure(description: "no program to run") }
    do {
      process = try Subprocess(
        executable: tool, arguments: arguments, environment: environment.map { "\($0.key)=\($0.value)" },
        searchesPath: true, standardInput: keepsInput ? .pipe : .nullDevice, standardOutput: .pipe,
        standardError: mergesErrors ? .standardOutput : .pipe)
    } catch {
      throw Failure(description: "\(tool): \(error)")
    }
  }

  deinit {
    end()
  }

  /// Ends the child unless it has ended: closes its input (a line-mode app quits at its end),
  /// then SIGTERM (so that the app ends its own children on the way out), then SIGKILL after
  /// two seconds; reaps it.
  public func end() {
    process.terminate(grace: .seconds(2))
  }

  /// Runs a child to its end and returns its status and what it printed. A child still
  /// running after `deadline` is ended (``end()``), so a test that would hang fails instead.
  public static func run(
    _ arguments: [String], environment: [String: String], deadline: Duration = .seconds(300)
  ) throws -> Result {
    let child = try ChildProcess(arguments, environment: environment)
    let seconds = Double(deadline.components.seconds) + Double(deadline.components.attoseconds) * 1e-18
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak child] in
      guard let child, child.exitStatus == nil else { return }
      child.end()
    }
    let (output, errors) = child.readToEnd()
    return Result(status: child.waitForExit(), output: output, errors: errors)
  }

  /// Writes to the child's standard input; stops quietly when the child has closed it.
  public func write(_ text: String) {
    try? process.standardInput?.writeAll(text)
  }

  /// Reads standard output (and error, when separate) until the child closes them.
  public func readToEnd() -> (output: Data, errors: Data) {
    let streams = [process.standardOutput, process.standardError]
    var collected = [Data(), Data()]
    var open = streams.map { $0 != nil }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while open.contains(true) {
      var watched = streams.enumerated().compactMap { index, stream in
        stream.flatMap { open[index] ? pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) : nil }
      }
      guard (try? syscall({ poll(&watched, nfds_t(watched.count), -1) })) != nil else { break }
      for entry in watched where entry.revents != 0 {
        let index = entry.fd == process.standardOutput?.rawValue ? 0 : 1
        do throws(Errno) {
          let count = try FileDescriptor(rawValue: entry.fd).read(into: &buffer)
          if count == 0 {
            open[index] = false
          } else {
            collected[index].append(contentsOf: buffer[0..<count])
          }
        } catch {
          if error != .wouldBlock { open[index] = false }
        }
      }
    }
    return (collected[0], collected[1])
  }

  /// Reads standard output in a thread of its own, handing each chunk to `receive`, until the
  /// child closes it; then calls `ended`. The child may exit before its last bytes are read, so
  /// a test that reads what it printed waits for `ended`, not only for the exit.
  public func streamOutput(
    to receive: @escaping @Sendable (Data) -> Void, ended: @escaping @Sendable () -> Void = {}
  ) {
    let process = process
    let thread = Thread {
      defer { ended() }
      guard let output = process.standardOutput else { return }
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = (try? output.read(into: &buffer)) ?? 0
        guard count > 0 else { break }
        receive(Data(buffer[0..<count]))
      }
      process.close(.output)
    }
    thread.start()
  }

  /// The exit status once the child has ended, else nil; never blocks.
  public var exitStatus: Int32? { process.exitStatusIfEnded.map(Self.status) }

  /// Waits for the child to end and returns its exit status.
  @discardableResult
  public func waitForExit() -> Int32 { Self.status(process.waitForExit()) }

  /// Sends `signal` to the child unless it has ended.
  public func send(_ signal: Int32) { process.send(signal) }

  /// The exit code, or the signal's number.
  private static func status(_ status: ExitStatus) -> Int32 {
    switch status {
    case .exited(let code): code
    case .signaled(let signal): signal
    }
  }
}
