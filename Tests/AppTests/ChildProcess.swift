import Foundation
import Synchronization

/// A child process started with `posix_spawnp`, its standard input and output on pipes.
///
/// The tests do not use Foundation's `Process`: each `run()` leaves behind a weak-reference side
/// table that LeakSanitizer reports when the test process ends (`Tools/test --sanitize`).
final class ChildProcess: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// What a finished child left.
  struct Result {
    /// The exit status, or the number of the signal that ended it.
    var status: Int32
    var output: Data
    var errors: Data
  }

  let pid: pid_t
  /// Write end of the child's standard input, or -1 when it reads `/dev/null`.
  private var input: Int32
  private let output: Int32
  /// -1 when standard error goes to the output pipe.
  private let errors: Int32
  private let status = Mutex<Int32?>(nil)
  /// Whether a reading thread owns the output pipe (and closes it at its end).
  private var streaming = false

  /// Starts `arguments[0]` (looked up in `PATH` when it has no slash) with `arguments`.
  ///
  /// - Parameters:
  ///   - environment: the whole environment of the child.
  ///   - keepsInput: a pipe on standard input for ``write(_:)``; otherwise `/dev/null`.
  ///   - mergesErrors: standard error into the output pipe instead of a pipe of its own.
  init(
    _ arguments: [String], environment: [String: String], keepsInput: Bool = false, mergesErrors: Bool = false
  ) throws {
    guard let tool = arguments.first else { throw Failure(description: "no program to run") }
    var inputPipe: [Int32] = [-1, -1]
    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard Self.makePipe(&outputPipe), !keepsInput || Self.makePipe(&inputPipe),
      mergesErrors || Self.makePipe(&errorPipe)
    else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if keepsInput {
      posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO)
    } else {
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, mergesErrors ? outputPipe[1] : errorPipe[1], STDERR_FILENO)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    // A clean signal mask and default actions: the test runner's thread may block SIGTERM,
    // and a child that inherited that could not be ended.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var child: pid_t = 0
    let spawned = posix_spawnp(&child, tool, &actions, &attributes, argv, envp)
    for descriptor in [inputPipe[0], outputPipe[1], errorPipe[1]] where descriptor >= 0 { close(descriptor) }
    guard spawned == 0 else {
      for descriptor in [inputPipe[1], outputPipe[0], errorPipe[0]] where descriptor >= 0 {
        close(descriptor)
      }
      throw Failure(description: "\(tool): \(String(cString: strerror(spawned)))")
    }
    pid = child
    input = inputPipe[1]
    output = outputPipe[0]
    errors = errorPipe[0]
  }

  deinit {
    end()
    for descriptor in [input, streaming ? -1 : output, errors] where descriptor >= 0 { close(descriptor) }
  }

  /// Ends the child unless it has ended: closes its input (a line-mode app quits at its end),
  /// then SIGTERM (so that the app ends its own children on the way out), then SIGKILL after
  /// two seconds; reaps it.
  func end() {
    guard exitStatus == nil else { return }
    if input >= 0 {
      close(input)
      input = -1
    }
    send(SIGTERM)
    let killAt = ContinuousClock.now + .seconds(2)
    while exitStatus == nil {
      if ContinuousClock.now >= killAt {
        send(SIGKILL)
        waitForExit()
        return
      }
      usleep(10_000)
    }
  }

  /// A pipe whose ends close on exec (the child gets copies through its file actions).
  private static func makePipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
  }

  /// Runs a child to its end and returns its status and what it printed. A child still
  /// running after `deadline` is ended (``end()``), so a test that would hang fails instead.
  static func run(
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

  /// Writes to the child's standard input.
  func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Foundation.write(input, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }

  /// Reads standard output (and error, when separate) until the child closes them.
  func readToEnd() -> (output: Data, errors: Data) {
    var collected = [Data(), Data()]
    var open = [output, errors].map { $0 >= 0 }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while open.contains(true) {
      var watched = [output, errors].enumerated().filter { open[$0.offset] }.map {
        pollfd(fd: $0.element, events: Int16(POLLIN), revents: 0)
      }
      if poll(&watched, nfds_t(watched.count), -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      for entry in watched where entry.revents != 0 {
        let index = entry.fd == output ? 0 : 1
        let count = read(entry.fd, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        if count <= 0 {
          open[index] = false
        } else {
          collected[index].append(contentsOf: buffer[0..<count])
        }
      }
    }
    return (collected[0], collected[1])
  }

  /// Reads standard output in a thread of its own, handing each chunk to `receive`, until the
  /// child closes it.
  func streamOutput(to receive: @escaping @Sendable (Data) -> Void) {
    let descriptor = output
    streaming = true
    let thread = Thread {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        receive(Data(buffer[0..<count]))
      }
      close(descriptor)
    }
    thread.start()
  }

  /// The exit status once the child has ended, else nil; never blocks.
  var exitStatus: Int32? {
    if let known = status.withLock({ $0 }) { return known }
    var raw: Int32 = 0
    guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
    return record(raw)
  }

  /// Waits for the child to end and returns its exit status.
  @discardableResult
  func waitForExit() -> Int32 {
    if let known = status.withLock({ $0 }) { return known }
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 {
      // Reaped meanwhile by another thread (a deadline's ``end()``): its status.
      guard errno == EINTR else { return status.withLock { $0 } ?? -1 }
    }
    return record(raw)
  }

  /// Sends `signal` to the child unless it has ended.
  func send(_ signal: Int32) {
    if status.withLock({ $0 }) == nil { kill(pid, signal) }
  }

  private func record(_ raw: Int32) -> Int32 {
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
    let value = raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f
    status.withLock { $0 = value }
    return value
  }
}
