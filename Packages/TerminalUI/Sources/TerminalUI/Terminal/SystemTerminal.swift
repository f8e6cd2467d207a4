import CTerminalUI
import System

/// The real terminal: standard input and output of this process.
///
/// This file is the only place in TerminalUI that makes system calls. Raw mode is set with
/// termios on standard input; the original settings are also kept by System's `SavedTerminal` so that an
/// `exit()` anywhere, or a second terminating signal while the loop is busy, still restores
/// them. Signals reach the loop through a self-pipe that `poll` watches with standard input.
@MainActor
public final class SystemTerminal: TerminalDevice {
  /// Whether standard input is a terminal.
  public let isInputTerminal: Bool
  /// Whether standard output is a terminal.
  public let isOutputTerminal: Bool
  /// The process environment.
  public let environment: [String: String]
  /// Wakes the loop from any thread by writing to the self-pipe.
  public let waker: any TerminalWaker

  private let pipeRead: Int32
  private let pipeWrite: Int32
  private var inputClosed = false
  private var fullScreen = false
  private let start = ContinuousClock.now

  /// Opens the process's terminal.
  ///
  /// - Throws: ``SystemCallError`` when the wake-up pipe cannot be created.
  public init() throws(SystemCallError) {
    isInputTerminal = isatty(STDIN_FILENO) == 1
    isOutputTerminal = isatty(STDOUT_FILENO) == 1
    environment = Self.readEnvironment()
    var fds: [Int32] = [-1, -1]
    _ = try checkedCall("pipe") { pipe(&fds) }
    for fd in fds {
      let flags = fcntl(fd, F_GETFL)
      _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    pipeRead = fds[0]
    pipeWrite = fds[1]
    waker = PipeWaker(fd: fds[1])
  }

  /// The size from `TIOCGWINSZ` on standard output (or input), `nil` when neither is a terminal.
  public func windowSize() -> Size? {
    var rows: UInt16 = 0
    var columns: UInt16 = 0
    for fd in [STDOUT_FILENO, STDIN_FILENO]
    where cterminalui_window_size(fd, &rows, &columns) == 0 && columns > 0 && rows > 0 {
      return Size(width: Int(columns), height: Int(rows))
    }
    return nil
  }

  /// A cell's size in pixels from `TIOCGWINSZ`'s pixel fields, nil when the terminal leaves
  /// them 0.
  public func cellPixelSize() -> Size? {
    guard let cells = windowSize() else { return nil }
    var width: UInt16 = 0
    var height: UInt16 = 0
    for fd in [STDOUT_FILENO, STDIN_FILENO]
    where cterminalui_window_pixels(fd, &width, &height) == 0 && width > 0 {
      guard height > 0 else { return nil }
      return Size(width: Int(width) / cells.width, height: Int(height) / cells.height)
    }
    return nil
  }

  /// Saves the settings, sets raw mode, switches to the alternate screen and hides the cursor.
  public func enterFullScreen() throws(SystemCallError) {
    do throws(Errno) { try SavedTerminal.save(input: .standardInput, output: .standardOutput) } catch {
      throw SystemCallError(call: "tcgetattr", error)
    }
    var settings = termios()
    _ = try checkedCall("tcgetattr") { tcgetattr(STDIN_FILENO, &settings) }
    settings.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    settings.c_cflag |= tcflag_t(CS8)
    settings.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    _ = try checkedCall("tcsetattr") { tcsetattr(STDIN_FILENO, TCSADRAIN, &settings) }
    fullScreen = true
    SavedTerminal.setFullScreen(true)
    try write(Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J".utf8))
  }

  /// Leaves the alternate screen, shows the cursor and restores the saved settings.
  public func restore() {
    guard fullScreen else { return }
    fullScreen = false
    SavedTerminal.restore()
    SavedTerminal.forget()
  }

  /// Installs the signal handlers that write to the self-pipe, and ignores SIGPIPE.
  public func startSignalHandling() throws(SystemCallError) {
    do throws(Errno) { try ProcessSignals.install(notifying: FileDescriptor(rawValue: pipeWrite)) } catch {
      throw SystemCallError(call: "sigaction", error)
    }
  }

  /// Unblocks, in the calling thread, the signals the app handles (SIGINT, SIGTERM, SIGHUP,
  /// SIGQUIT, SIGTSTP, SIGWINCH), whatever mask the process inherited; call it first thing
  /// in `main` so that threads started later inherit it.
  public static func unblockHandledSignals() { ProcessSignals.unblockHandled() }

  /// Puts the default signal handling back.
  public func stopSignalHandling() { ProcessSignals.reset() }

  /// Sends this process SIGSTOP; returns after SIGCONT.
  public func suspendProcess() { ProcessSignals.stopProcess() }

  /// Writes everything, retrying after interruptions and short writes, and waiting when
  /// standard output was left non-blocking by another process and is full.
  public func write(_ bytes: [UInt8]) throws(SystemCallError) {
    var offset = 0
    while offset < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        callReturningErrno {
          systemWrite(STDOUT_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        }
      }
      switch result {
      case .success(let written): offset += written
      case .failure(let code) where code.code == EAGAIN || code.code == EWOULDBLOCK:
        var output = [pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)]
        _ = try checkedCall("poll") { poll(&output, 1, -1) }
      case .failure(let code):
        throw SystemCallError(call: "write", code)
      }
    }
  }

  /// Polls standard input and the self-pipe.
  public func waitForEvents(timeout: Duration?) throws(SystemCallError) -> [DeviceEvent] {
    var fds = [pollfd(fd: pipeRead, events: Int16(POLLIN), revents: 0)]
    if !inputClosed { fds.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
    let milliseconds: Int32 =
      timeout.map { duration in
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(0, total))
      } ?? -1
    let ready = try checkedCall("poll") { poll(&fds, nfds_t(fds.count), milliseconds) }
    guard ready > 0 else { return [] }
    var events: [DeviceEvent] = []
    if fds[0].revents & Int16(POLLIN) != 0 { events += drainPipe() }
    if fds.count > 1, fds[1].revents != 0 { events += readInput() }
    return events
  }

  /// Time since this terminal was opened.
  public func now() -> Duration { ContinuousClock.now - start }

  /// Ends the process the way `reason` calls for: by the signal that stopped the loop (so a
  /// parent sees it), or with exit status 0 (1 when the output was closed).
  public static func exitProcess(for reason: TerminalApp.ExitReason) -> Never {
    SavedTerminal.restore()
    switch reason {
    case .signal(let signal):
      let number: Int32 =
        switch signal {
        case .interrupt: SIGINT
        case .terminate: SIGTERM
        case .hangUp: SIGHUP
        case .quit: SIGQUIT
        case .windowChanged: SIGWINCH
        case .suspend: SIGTSTP
        }
      ProcessSignals.end(by: number)
    case .outputClosed: exit(1)
    case .quit, .stackEmpty, .endOfInput: exit(0)
    }
  }

  /// Ends the process with `status`, restoring the terminal first if it is still in full screen.
  public static func exitProcess(status: Int32) -> Never {
    SavedTerminal.restore()
    exit(status)
  }

  /// Writes `text` and a newline to standard error, for messages outside the run loop; stops
  /// quietly when it cannot.
  public static func printError(_ text: String) {
    try? FileDescriptor.standardError.writeAll(text + "\n")
  }

  private func readInput() -> [DeviceEvent] {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { bytes in
      callReturningErrno { read(STDIN_FILENO, bytes.baseAddress, bytes.count) }
    }
    switch count {
    case .success(let count) where count > 0: return [.input(Array(buffer[0..<count]))]
    case .failure(let code) where code.code == EAGAIN || code.code == EWOULDBLOCK: return []
    default:
      // End of file, or an error such as EIO from a terminal that hung up: input is over.
      inputClosed = true
      return [.endOfInput]
    }
  }

  private func drainPipe() -> [DeviceEvent] {
    var events: [DeviceEvent] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(pipeRead, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      for byte in buffer[0..<count] {
        switch Int32(byte) {
        case 0: if !events.contains(.wake) { events.append(.wake) }
        case SIGWINCH: events.append(.signal(.windowChanged))
        case SIGINT: events.append(.signal(.interrupt))
        case SIGTERM: events.append(.signal(.terminate))
        case SIGHUP: events.append(.signal(.hangUp))
        case SIGQUIT: events.append(.signal(.quit))
        case SIGTSTP: events.append(.signal(.suspend))
        default: break
        }
      }
    }
    return events
  }

  private static func readEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}

/// Writes a zero byte to the self-pipe; a full pipe already means a wake-up is pending.
private struct PipeWaker: TerminalWaker {
  let fd: Int32

  func wake() {
    var byte: UInt8 = 0
    _ = callReturningErrno { systemWrite(fd, &byte, 1) }
  }
}

/// `write(2)`, named apart from ``SystemTerminal/write(_:)``.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}

/// Runs a system call through System's `syscall`; a failure is a ``SystemCallError`` naming it.
@discardableResult
func checkedCall<Result: FixedWidthInteger>(
  _ call: String, _ body: () -> Result
) throws(SystemCallError) -> Int {
  switch callReturningErrno(body) {
  case .success(let value): return value
  case .failure(let code): throw SystemCallError(call: call, code)
  }
}

/// Runs a system call through System's `syscall`; returns its result or `errno`.
func callReturningErrno<Result: FixedWidthInteger>(
  _ body: () -> Result
) -> Swift.Result<Int, Errno> {
  Swift.Result { () throws(Errno) in Int(try syscall(body)) }
}

extension SystemCallError {
  /// The failure of `call` with `errno`'s code and text.
  init(call: String, _ error: Errno) {
    self.init(call: call, errno: error.code, message: error.description)
  }
}
