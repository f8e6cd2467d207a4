import CSystem
import SystemLibc

/// A child process: spawned with every signal at its default action and none blocked (so
/// it can be stopped whatever this thread blocks or ignores), its standard streams where
/// ``Stream`` says, reaped exactly once, and ended with ``terminate(grace:)``.
///
/// It owns the pipe ends it made (``standardInput``, ``standardOutput``, ``standardError``)
/// and closes each at most once: with ``close(_:)``, in ``terminate(grace:)`` (the input), or
/// when it goes away.
public final class Subprocess: Sendable {
  /// Where one of the child's standard streams goes.
  public enum Stream: Sendable, Equatable {
    /// The same as this process's.
    case inherit
    /// `/dev/null`.
    case nullDevice
    /// A new pipe, whose other end this process holds.
    case pipe
    /// A file: read for standard input; for output created or truncated, mode 0600.
    case file(String)
    /// This descriptor, duplicated.
    case descriptor(FileDescriptor)
    /// Standard error only: where standard output goes.
    case standardOutput
  }

  /// What the child does to its descriptors before it starts, after its streams are set.
  public enum FileAction: Sendable, Equatable {
    /// Opens `path` with `flags` as descriptor `target` (after a new session, the first
    /// terminal opened becomes the controlling terminal).
    case open(path: String, flags: Int32, as: Int32)
    /// Duplicates `source` as `target`.
    case duplicate(Int32, as: Int32)
    /// Closes a descriptor.
    case close(Int32)
  }

  /// One of the three standard streams.
  public enum StandardStream: Int, Sendable, CaseIterable {
    /// Standard input.
    case input
    /// Standard output.
    case output
    /// Standard error.
    case error
  }

  /// The child's process id.
  public let pid: pid_t
  /// This process's end of the child's input pipe (``Stream/pipe``), written here.
  public let standardInput: FileDescriptor?
  /// This process's end of the child's output pipe, read here.
  public let standardOutput: FileDescriptor?
  /// This process's end of the child's error pipe, read here.
  public let standardError: FileDescriptor?

  private struct State {
    var status: ExitStatus?
    var peakResidentBytes = 0
    var openPipes: Set<Int32>
  }
  private let state: LockedValue<State>

  /// Starts `executable` with `arguments` (argv[0] included; the executable's path when
  /// empty). `environment` is the child's whole environment as `NAME=value` (this process's
  /// when nil); `searchesPath` looks a name without a slash up in `PATH`; `startsSession`
  /// makes the child a session leader.
  public init(
    executable: String, arguments: [String] = [], environment: [String]? = nil, searchesPath: Bool = false,
    standardInput input: Stream = .inherit, standardOutput output: Stream = .inherit,
    standardError error: Stream = .inherit, fileActions extraActions: [FileAction] = [],
    startsSession: Bool = false
  ) throws(Errno) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let pipes = try Self.addStreams([(.input, input), (.output, output), (.error, error)], to: &actions)
    Self.add(extraActions, to: &actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    Self.setDefaultSignals(in: &attributes, startsSession: startsSession)
    let spawned = Self.spawn(
      executable, arguments: arguments.isEmpty ? [executable] : arguments, environment: environment,
      searchesPath: searchesPath, actions: &actions, attributes: &attributes)
    // The child has its own copies of its ends now.
    for descriptor in pipes.theirs { descriptor.close() }
    do throws(Errno) {
      pid = try spawned.get()
    } catch {
      for descriptor in pipes.ours.values { descriptor.close() }
      throw error
    }
    standardInput = pipes.ours[.input]
    standardOutput = pipes.ours[.output]
    standardError = pipes.ours[.error]
    state = LockedValue(State(openPipes: Set(pipes.ours.values.map(\.rawValue))))
  }

  deinit {
    for descriptor in state.withLock({ $0.openPipes }) { _ = systemClose(descriptor) }
  }

  /// Closes this process's end of one pipe to the child; nothing happens the second time.
  public func close(_ stream: StandardStream) {
    guard let descriptor = [standardInput, standardOutput, standardError][stream.rawValue] else { return }
    let wasOpen = state.withLock { $0.openPipes.remove(descriptor.rawValue) != nil }
    if wasOpen { descriptor.close() }
  }

  /// The exit status once the child has ended (reaping it), nil while it runs; never blocks.
  public var exitStatusIfEnded: ExitStatus? { reap(blocking: false) }

  /// Waits for the child to end, reaps it and returns how it ended. Safe to call from several
  /// threads, and again: the status is kept.
  @discardableResult
  public func waitForExit() -> ExitStatus {
    if let status = reap(blocking: false) { return status }
    // Wait without reaping, so that another thread's terminate() can still reap it.
    _ = try? syscall { csystem_wait_until_exited(pid) }
    return reap(blocking: false) ?? .exited(-1)
  }

  /// The child's peak resident set size in bytes (with the children it waited for), known
  /// once it has been reaped; 0 before.
  public var peakResidentBytes: Int { state.withLock { $0.peakResidentBytes } }

  /// Sends `signal` to the child unless it has been reaped.
  public func send(_ signal: Int32) {
    state.withLock { state in
      if state.status == nil { _ = kill(pid, signal) }
    }
  }

  /// Ends the child unless it has ended: closes its input, sends SIGTERM, then SIGKILL once
  /// `grace` has passed; reaps it and returns how it ended.
  @discardableResult
  public func terminate(grace: Duration = .seconds(2)) -> ExitStatus {
    close(.input)
    if let status = exitStatusIfEnded { return status }
    send(SIGTERM)
    let killAt = ContinuousClock.now + grace
    while ContinuousClock.now < killAt {
      if let status = exitStatusIfEnded { return status }
      _ = usleep(5_000)
    }
    send(SIGKILL)
    return waitForExit()
  }

  /// Whether the child has stopped itself or been stopped (job control: SIGTSTP, SIGSTOP) since
  /// the last call; a child that ended meanwhile is reaped, as ``exitStatusIfEnded`` does.
  /// Never blocks.
  public func hasStoppedSinceLastAsked() -> Bool {
    reap(options: WNOHANG | WUNTRACED).stopped
  }

  /// Reaps the child under the lock, so exactly one caller does and all see its status.
  private func reap(blocking: Bool) -> ExitStatus? {
    reap(options: blocking ? 0 : WNOHANG).status
  }

  /// `wait4` with `options` under the lock: the status once the child has ended (kept, and
  /// the child forgotten by ``ProcessCleanup``), and whether it reported a stop instead.
  private func reap(options: Int32) -> (status: ExitStatus?, stopped: Bool) {
    let reaped: (status: ExitStatus?, stopped: Bool) = state.withLock { state in
      if let status = state.status { return (status, false) }
      var raw: Int32 = 0
      var usage = rusage()
      let result = wait4(pid, &raw, options, &usage)
      guard result == pid else {
        // Reaped elsewhere (not through this object): report it as unknown, once.
        if result < 0, errno == ECHILD { state.status = .exited(-1) }
        return (state.status, false)
      }
      // A stopped child's status reads 0x7F in its low byte (`WIFSTOPPED`).
      if raw & 0xFF == 0x7F { return (nil, true) }
      state.status = ExitStatus(waitStatus: raw)
      state.peakResidentBytes = Int(usage.ru_maxrss) * 1024
      return (state.status, false)
    }
    if reaped.status != nil { ProcessCleanup.forget(self) }
    return reaped
  }
}
