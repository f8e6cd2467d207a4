import Foundation
import TerminalUICShims

/// The real `emotions` binary running full screen under a pseudo-terminal (its standard input,
/// output and error, and its controlling terminal), for the signal tests. The approach is the
/// one of TerminalUI's restore tests for its demo.
final class AppTerminalSession {
  enum ExitStatus: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    var description: String {
      switch self {
      case .exited(let code): "exited(\(code))"
      case .signaled(let signal): "signaled(\(signal))"
      }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// A terminal's settings, compared field by field.
  struct Settings: Equatable {
    let input: UInt32
    let output: UInt32
    let control: UInt32
    let local: UInt32
    let characters: [UInt8]

    init(_ raw: termios) {
      input = raw.c_iflag
      output = raw.c_oflag
      control = raw.c_cflag
      local = raw.c_lflag
      var copy = raw
      characters = withUnsafeBytes(of: &copy.c_cc) { Array($0) }
    }

    /// No echo and no line editing: raw mode.
    var isRaw: Bool { local & UInt32(ECHO) == 0 && local & UInt32(ICANON) == 0 }
  }

  private var primary: Int32 = -1
  private var secondary: Int32 = -1
  private(set) var pid: pid_t = 0
  private var output: [UInt8] = []
  private var exitStatus: ExitStatus?
  /// The terminal's settings before the app started.
  let initialSettings: Settings
  private let deadline = ContinuousClock.now + .seconds(60)

  /// Starts `emotions` with `arguments` and these extra `NAME=value` variables.
  init(arguments: [String], environment extraEnvironment: [String]) throws {
    let binary = DetectCommandTests.executable
    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(
      &attributes, tui_spawn_setsid_flag() | Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)

    var name = [CChar](repeating: 0, count: 256)
    guard tui_open_pty(&primary, &secondary, &name, UInt(name.count), 30, 100) == 0 else {
      throw Failure(description: "openpty failed: errno \(errno)")
    }
    let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // After setsid, the first terminal the child opens becomes its controlling terminal.
    posix_spawn_file_actions_addopen(&fileActions, 0, path, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&fileActions, 0, 1)
    posix_spawn_file_actions_adddup2(&fileActions, 0, 2)
    _ = fcntl(primary, F_SETFL, fcntl(primary, F_GETFL) | O_NONBLOCK)
    for fd in [primary, secondary] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var raw = termios()
    guard tcgetattr(secondary, &raw) == 0 else { throw Failure(description: "tcgetattr failed") }
    initialSettings = Settings(raw)
    let environment =
      [
        "TERM=xterm-256color", "PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8",
        "EMOTIONS_MODEL_DIR=\(repositoryRoot.appendingPathComponent("Models").path)",
      ] + extraEnvironment
    let result = withCStrings([binary] + arguments) { argv in
      withCStrings(environment) { envp in posix_spawn(&pid, binary, &fileActions, &attributes, argv, envp) }
    }
    guard result == 0 else { throw Failure(description: "posix_spawn failed: \(result)") }
  }

  deinit {
    if exitStatus == nil, pid > 0 {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(primary)
    close(secondary)
  }

  /// Everything the app wrote to the terminal.
  var outputText: String { String(decoding: output, as: UTF8.self) }

  /// The terminal's settings now.
  func settings() throws -> Settings {
    var raw = termios()
    guard tcgetattr(secondary, &raw) == 0 else {
      throw Failure(description: "tcgetattr failed: errno \(errno)")
    }
    return Settings(raw)
  }

  func send(signal: Int32) { kill(pid, signal) }

  /// Waits until `condition` holds, reading the app's output meanwhile.
  func waitFor(_ what: String, _ condition: () throws -> Bool) throws {
    while ContinuousClock.now < deadline {
      drain()
      if try condition() { return }
      var fds = [pollfd(fd: primary, events: Int16(POLLIN), revents: 0)]
      _ = poll(&fds, 1, 50)
    }
    throw Failure(
      description: "gave up waiting for \(what); output so far: \(outputText.suffix(2000).debugDescription)")
  }

  /// Waits for the app to end, reading its output meanwhile.
  func waitForExit() throws -> ExitStatus {
    try waitFor("the app to exit") {
      var status: Int32 = 0
      guard waitpid(pid, &status, WNOHANG) == pid else { return false }
      exitStatus = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
      return true
    }
    drain()
    return exitStatus ?? .exited(-1)
  }

  private func drain() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      output += buffer[0..<count]
    }
  }
}

/// The processes whose parent is `pid`, with their command names, read from /proc.
func childProcesses(of pid: pid_t) -> [(pid: pid_t, command: String)] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap { entry -> (pid_t, String)? in
    guard let child = pid_t(entry),
      let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
      let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
    else { return nil }
    // Fields after the command: state, then the parent's pid.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 1, pid_t(fields[1]) == pid else { return nil }
    return (child, String(stat[stat.index(after: open)..<close]))
  }
}

/// Whether a process is still alive: it exists and is not a zombie waiting to be reaped.
func isAlive(_ pid: pid_t) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return false }
  return !stat[stat.index(after: close)...].hasPrefix(" Z")
}

/// Calls `body` with a NULL-terminated C array of the strings.
private func withCStrings<Result>(
  _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
) -> Result {
  var pointers = strings.map { strdup($0) }
  pointers.append(nil)
  defer { for pointer in pointers { free(pointer) } }
  return body(pointers)
}
