import TerminalUICShims

#if canImport(Glibc)
  import Glibc
#endif

/// The demo binary running under one or two pseudo-terminals, for the restore tests.
final class PseudoTerminalSession {
  enum Side { case input, output }

  enum Layout {
    /// Standard input, output and error on one pseudo-terminal, which is the controlling terminal.
    case single
    /// Standard input and output on two pseudo-terminals.
    case separateOutput(controllingTerminal: Side)
    /// Standard input is a pipe; output a pseudo-terminal.
    case pipedInput
  }

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

  private var inputPrimary: Int32 = -1
  private var inputSecondary: Int32 = -1
  private var outputPrimary: Int32 = -1
  private var outputSecondary: Int32 = -1
  private var pipeWrite: Int32 = -1
  private var pid: pid_t = 0
  private var output: [UInt8] = []
  private var exitStatus: ExitStatus?
  /// The input terminal's settings before the demo started.
  private(set) var initialInputSettings: Settings?
  /// The output terminal's settings before the demo started.
  private(set) var initialOutputSettings: Settings?
  private let deadline = ContinuousClock.now + .seconds(30)

  init(layout: Layout, environment extraEnvironment: [String] = []) throws {
    let binary = try Self.demoPath()
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

    var pipeRead: Int32 = -1
    let inputPath: String
    (inputPrimary, inputSecondary, inputPath) = try Self.openPseudoTerminal()
    switch layout {
    case .single:
      outputPrimary = inputPrimary
      posix_spawn_file_actions_addopen(&fileActions, 0, inputPath, O_RDWR, 0)
      posix_spawn_file_actions_adddup2(&fileActions, 0, 1)
      posix_spawn_file_actions_adddup2(&fileActions, 0, 2)
    case .separateOutput(let controlling):
      let outputPath: String
      (outputPrimary, outputSecondary, outputPath) = try Self.openPseudoTerminal()
      // After setsid, the first terminal the child opens becomes its controlling terminal.
      if controlling == .input {
        posix_spawn_file_actions_addopen(&fileActions, 0, inputPath, O_RDWR, 0)
        posix_spawn_file_actions_addopen(&fileActions, 1, outputPath, O_RDWR, 0)
      } else {
        posix_spawn_file_actions_addopen(&fileActions, 1, outputPath, O_RDWR, 0)
        posix_spawn_file_actions_addopen(&fileActions, 0, inputPath, O_RDWR, 0)
      }
      posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
    case .pipedInput:
      outputPrimary = inputPrimary
      var fds: [Int32] = [-1, -1]
      guard pipe(&fds) == 0 else { throw Failure(description: "pipe failed") }
      pipeWrite = fds[1]
      pipeRead = fds[0]
      posix_spawn_file_actions_adddup2(&fileActions, fds[0], 0)
      posix_spawn_file_actions_addclose(&fileActions, fds[1])
      posix_spawn_file_actions_addopen(&fileActions, 1, inputPath, O_RDWR, 0)
      posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
    }
    for fd in [inputPrimary, outputPrimary] where fd >= 0 {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    // The child must not inherit the test's ends: a primary side it held open would keep
    // its terminal alive after the test closes it.
    for fd in [inputPrimary, inputSecondary, outputPrimary, outputSecondary, pipeWrite] where fd >= 0 {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    initialInputSettings = try settings(of: inputSecondary)
    initialOutputSettings = try settings(of: outputSecondary >= 0 ? outputSecondary : inputSecondary)
    let environment = ["TERM=xterm-256color", "PATH=/usr/bin:/bin", "LANG=C.UTF-8"] + extraEnvironment
    let arguments = [binary]
    let result = withCStrings(arguments) { argv in
      withCStrings(environment) { envp in
        posix_spawn(&pid, binary, &fileActions, &attributes, argv, envp)
      }
    }
    if pipeRead >= 0 { close(pipeRead) }
    guard result == 0 else { throw Failure(description: "posix_spawn failed: \(result)") }
  }

  deinit {
    if exitStatus == nil, pid > 0 {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    for fd in Set([inputPrimary, inputSecondary, outputPrimary, outputSecondary, pipeWrite]) where fd >= 0 {
      close(fd)
    }
  }

  /// Everything the demo wrote to its output terminal.
  var outputText: String { String(decoding: output, as: UTF8.self) }

  /// The settings of the terminal that is standard input.
  func inputSettings() throws -> Settings { try settings(of: inputSecondary) }

  /// The settings of the terminal that is standard output.
  func outputSettings() throws -> Settings {
    try settings(of: outputSecondary >= 0 ? outputSecondary : inputSecondary)
  }

  /// Waits until the demo has drawn its first screen in raw mode.
  func waitUntilRunning() throws {
    try waitFor("the first frame") {
      outputText.contains("1  Document") && ((try? inputSettings().isRaw) ?? false)
    }
  }

  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(inputPrimary, $0.baseAddress, $0.count) }
  }

  func send(signal: Int32) { kill(pid, signal) }

  func writeToPipe(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(pipeWrite, $0.baseAddress, $0.count) }
  }

  func closePipe() {
    close(pipeWrite)
    pipeWrite = -1
  }

  /// Closes the primary side of the output terminal: the demo's writes fail from now on.
  func closeOutputTerminal() {
    drain()
    close(outputPrimary)
    outputPrimary = -1
  }

  /// Closes the primary side of the input terminal: the demo's reads fail from now on.
  func closeInputTerminal() {
    close(inputPrimary)
    inputPrimary = -1
  }

  /// Waits until the demo has stopped itself for job control.
  func waitUntilStopped() throws {
    try waitFor("the demo to stop") {
      var status: Int32 = 0
      guard waitpid(pid, &status, WNOHANG | WUNTRACED) == pid else { return false }
      return status & 0xFF == 0x7F
    }
  }

  /// Waits until standard input is in raw mode again.
  func waitUntilRaw() throws {
    try waitFor("raw mode") { (try? inputSettings().isRaw) ?? false }
  }

  /// Waits for the demo to end, reading its output meanwhile.
  func waitForExit() throws -> ExitStatus {
    try waitFor("the demo to exit") {
      var status: Int32 = 0
      guard waitpid(pid, &status, WNOHANG) == pid else { return false }
      exitStatus = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
      return true
    }
    drain()
    return exitStatus ?? .exited(-1)
  }

  private func waitFor(_ what: String, _ condition: () throws -> Bool) throws {
    while ContinuousClock.now < deadline {
      drain()
      if try condition() { return }
      var fds = [inputPrimary, outputPrimary].filter { $0 >= 0 }.map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      _ = poll(&fds, nfds_t(fds.count), 20)
    }
    throw Failure(description: "gave up waiting for \(what); output so far: \(outputText.debugDescription)")
  }

  private func drain() {
    guard outputPrimary >= 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(outputPrimary, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      output += buffer[0..<count]
    }
    if inputPrimary >= 0, inputPrimary != outputPrimary {
      // Nothing is written to a separate input terminal, but keep it from filling up.
      while true {
        let count = buffer.withUnsafeMutableBytes { read(inputPrimary, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
      }
    }
  }

  private func settings(of fd: Int32) throws -> Settings {
    var raw = termios()
    guard tcgetattr(fd, &raw) == 0 else { throw Failure(description: "tcgetattr failed: errno \(errno)") }
    return Settings(raw)
  }

  private static func openPseudoTerminal() throws -> (Int32, Int32, String) {
    var primary: Int32 = -1
    var secondary: Int32 = -1
    var name = [CChar](repeating: 0, count: 256)
    guard tui_open_pty(&primary, &secondary, &name, UInt(name.count), 24, 80) == 0 else {
      throw Failure(description: "openpty failed: errno \(errno)")
    }
    return (
      primary, secondary,
      String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    )
  }

  /// The demo binary, built next to this test bundle.
  static func demoPath() throws -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { throw Failure(description: "cannot find the test binary") }
    let executable = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var directory = executable
    while let slash = directory.lastIndex(of: "/") {
      directory = String(directory[..<slash])
      let candidate = directory + "/TerminalUIDemo"
      if access(candidate, X_OK) == 0 { return candidate }
      if directory.hasSuffix("/.build") { break }
    }
    throw Failure(description: "TerminalUIDemo is not built next to \(executable)")
  }
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
