import Foundation
import System

/// A program running under one or two pseudo-terminals, for tests of what it does to a real
/// terminal: raw mode, the alternate screen, signals, restoring the settings.
///
/// The child starts in a session of its own with every signal at its default action and none
/// blocked, whatever the test runner's thread has. Every wait has a deadline; a session that
/// ends while its child runs ends the child (input closed, SIGTERM, SIGKILL after 2 s) and
/// reaps it.
public final class PseudoTerminalSession {
  /// One of the two terminals.
  public enum Side: Sendable { case input, output }

  /// How the child's standard input, output and error are connected.
  public enum Layout: Sendable {
    /// Standard input, output and error on one pseudo-terminal, which is the controlling terminal.
    case single
    /// Standard input and output on two pseudo-terminals.
    case separateOutput(controllingTerminal: Side)
    /// Standard input is a pipe; output a pseudo-terminal.
    case pipedInput
  }

  /// How the child ended: `.exited(code)` or `.signaled(number)`.
  public typealias ExitStatus = System.ExitStatus

  /// Why the session could not start or a wait gave up.
  public struct Failure: Error, CustomStringConvertible {
    /// One line.
    public let description: String
  }

  /// A terminal's settings, compared field by field.
  public struct Settings: Equatable, Sendable {
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
    public var isRaw: Bool { local & UInt32(ECHO) == 0 && local & UInt32(ICANON) == 0 }
  }

  private var inputPrimary: Int32 = -1
  private var inputSecondary: Int32 = -1
  private var outputPrimary: Int32 = -1
  private var outputSecondary: Int32 = -1
  private var child: Subprocess?
  /// The child's process id.
  public var pid: pid_t { child?.pid ?? 0 }
  private var output: [UInt8] = []
  private var exitStatus: ExitStatus?
  /// The input terminal's settings before the child started.
  public private(set) var initialInputSettings: Settings?
  /// The output terminal's settings before the child started.
  public private(set) var initialOutputSettings: Settings?
  private let deadline: ContinuousClock.Instant

  /// Starts `program` with `arguments`, connected as `layout` says, with `TERM`, `PATH` and
  /// `LANG` set and the extra `NAME=value` variables.
  ///
  /// - Parameters:
  ///   - size: rows and columns of the terminals.
  ///   - limit: how long the waits may take in all.
  public init(
    program binary: String, arguments: [String] = [], layout: Layout = .single,
    environment extraEnvironment: [String] = [], size: (rows: UInt16, columns: UInt16) = (24, 80),
    limit: Duration = .seconds(30)
  ) throws {
    deadline = ContinuousClock.now + limit
    let input = try Self.openPseudoTerminal(size)
    (inputPrimary, inputSecondary) = (input.primary.rawValue, input.secondary.rawValue)
    var standardInput = Subprocess.Stream.inherit
    var actions: [Subprocess.FileAction]
    let nullDevice = Subprocess.FileAction.open(path: "/dev/null", flags: O_WRONLY, as: 2)
    switch layout {
    case .single:
      outputPrimary = inputPrimary
      actions = [.open(path: input.path, flags: O_RDWR, as: 0), .duplicate(0, as: 1), .duplicate(0, as: 2)]
    case .separateOutput(let controlling):
      let output = try Self.openPseudoTerminal(size)
      (outputPrimary, outputSecondary) = (output.primary.rawValue, output.secondary.rawValue)
      // After setsid, the first terminal the child opens becomes its controlling terminal.
      let opens: [Subprocess.FileAction] = [
        .open(path: input.path, flags: O_RDWR, as: 0), .open(path: output.path, flags: O_RDWR, as: 1),
      ]
      actions = (controlling == .input ? opens : opens.reversed()) + [nullDevice]
    case .pipedInput:
      outputPrimary = inputPrimary
      standardInput = .pipe
      actions = [.open(path: input.path, flags: O_RDWR, as: 1), nullDevice]
    }
    for fd in [inputPrimary, outputPrimary] where fd >= 0 {
      FileDescriptor(rawValue: fd).setNonBlocking()
    }
    // The child must not inherit the test's ends: a primary side it held open would keep
    // its terminal alive after the test closes it.
    for fd in [inputPrimary, inputSecondary, outputPrimary, outputSecondary] where fd >= 0 {
      FileDescriptor(rawValue: fd).setCloseOnExec()
    }
    initialInputSettings = try settings(of: inputSecondary)
    initialOutputSettings = try settings(of: outputSecondary >= 0 ? outputSecondary : inputSecondary)
    let environment = ["TERM=xterm-256color", "PATH=/usr/bin:/bin", "LANG=C.UTF-8"] + extraEnvironment
    do {
      child = try Subprocess(
        executable: binary, arguments: [binary] + arguments, environment: environment,
        standardInput: standardInput, fileActions: actions, startsSession: true)
    } catch {
      throw Failure(description: "cannot start \(binary): \(error)")
    }
  }

  deinit {
    end()
    closeDescriptors()
  }

  /// Ends a child still running: closes its input, sends SIGTERM, then SIGKILL after two
  /// seconds, and reaps it.
  public func end() {
    guard exitStatus == nil, let child else { return }
    if inputPrimary >= 0 {
      FileDescriptor(rawValue: inputPrimary).close()
      if outputPrimary == inputPrimary { outputPrimary = -1 }
      inputPrimary = -1
    }
    exitStatus = child.terminate(grace: .seconds(2))
  }

  private func closeDescriptors() {
    for fd in Set([inputPrimary, inputSecondary, outputPrimary, outputSecondary]) where fd >= 0 {
      FileDescriptor(rawValue: fd).close()
    }
  }

  /// Everything the child wrote to its output terminal.
  public var outputText: String { String(decoding: output, as: UTF8.self) }

  /// The settings of the terminal that is standard input.
  public func inputSettings() throws -> Settings { try settings(of: inputSecondary) }

  /// The settings of the terminal that is standard output.
  public func outputSettings() throws -> Settings {
    try settings(of: outputSecondary >= 0 ? outputSecondary : inputSecondary)
  }

  /// Types `text` on the input terminal.
  public func type(_ text: String) {
    try? FileDescriptor(rawValue: inputPrimary).writeAll(text)
  }

  /// Sends `signal` to the child.
  public func send(signal: Int32) { child?.send(signal) }

  /// Writes `text` to the input pipe (layout `pipedInput`).
  public func writeToPipe(_ text: String) {
    try? child?.standardInput?.writeAll(text)
  }

  /// Closes the input pipe: the child reads the end of its input.
  public func closePipe() {
    child?.close(.input)
  }

  /// Closes the primary side of the output terminal: the child's writes fail from now on.
  public func closeOutputTerminal() {
    drain()
    FileDescriptor(rawValue: outputPrimary).close()
    outputPrimary = -1
  }

  /// Closes the primary side of the input terminal: the child's reads fail from now on.
  public func closeInputTerminal() {
    FileDescriptor(rawValue: inputPrimary).close()
    inputPrimary = -1
  }

  /// Waits until the child has stopped itself for job control.
  public func waitUntilStopped() throws {
    try waitFor("the child to stop") { child?.hasStoppedSinceLastAsked() ?? false }
  }

  /// Waits until standard input is in raw mode again.
  public func waitUntilRaw() throws {
    try waitFor("raw mode") { (try? inputSettings().isRaw) ?? false }
  }

  /// Waits for the child to end, reading its output meanwhile.
  public func waitForExit() throws -> ExitStatus {
    try waitFor("the child to exit") {
      exitStatus = child?.exitStatusIfEnded
      return exitStatus != nil
    }
    drain()
    return exitStatus ?? .exited(-1)
  }

  /// Reads the output until `condition` holds; throws when the time is up, with the output so
  /// far.
  public func waitFor(_ what: String, _ condition: () throws -> Bool) throws {
    while ContinuousClock.now < deadline {
      drain()
      if try condition() { return }
      let terminals = [inputPrimary, outputPrimary].filter { $0 >= 0 }.map(FileDescriptor.init(rawValue:))
      _ = try? Poll.waitForInput(terminals, timeout: .milliseconds(20))
    }
    throw Failure(description: "gave up waiting for \(what); output so far: \(outputText.debugDescription)")
  }

  private func drain() {
    guard outputPrimary >= 0 else { return }
    // Both are non-blocking: a read that would wait throws, and ends the loop.
    var buffer = [UInt8](repeating: 0, count: 4096)
    while let count = try? FileDescriptor(rawValue: outputPrimary).read(into: &buffer), count > 0 {
      output += buffer[0..<count]
    }
    if inputPrimary >= 0, inputPrimary != outputPrimary {
      // Nothing is written to a separate input terminal, but keep it from filling up.
      while let count = try? FileDescriptor(rawValue: inputPrimary).read(into: &buffer), count > 0 {}
    }
  }

  private func settings(of fd: Int32) throws -> Settings {
    do throws(SystemCallError) {
      return Settings(try TerminalControl.settings(of: FileDescriptor(rawValue: fd)))
    } catch {
      throw Failure(description: "\(error)")
    }
  }

  private static func openPseudoTerminal(_ size: (rows: UInt16, columns: UInt16)) throws -> PseudoTerminal {
    do {
      return try PseudoTerminal.open(rows: size.rows, columns: size.columns)
    } catch {
      throw Failure(description: "openpty failed: \(error)")
    }
  }

  /// The product `name` built in the same `.build` folder as the running test bundle.
  public static func builtProduct(named name: String) throws -> String {
    guard let executable = CurrentProcess.executablePath else {
      throw Failure(description: "cannot find the test binary")
    }
    var directory = executable
    while let slash = directory.lastIndex(of: "/") {
      directory = String(directory[..<slash])
      let candidate = directory + "/" + name
      if PathStatus.isExecutable(candidate) { return candidate }
      if directory.hasSuffix("/.build") { break }
    }
    throw Failure(description: "\(name) is not built next to \(executable)")
  }
}
