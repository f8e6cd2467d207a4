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

  private let pipeRead: FileDescriptor
  private let pipeWrite: FileDescriptor
  private var inputClosed = false
  private var fullScreen = false
  private let start = ContinuousClock.now

  /// Opens the process's terminal.
  ///
  /// - Throws: ``SystemCallError`` when the wake-up pipe cannot be created.
  public init() throws(SystemCallError) {
    isInputTerminal = FileDescriptor.standardInput.isTerminal
    isOutputTerminal = FileDescriptor.standardOutput.isTerminal
    environment = CurrentProcess.environment
    let pipe: (read: FileDescriptor, write: FileDescriptor)
    do throws(Errno) { pipe = try FileDescriptor.pipe() } catch {
      throw SystemCallError(call: "pipe", errno: error)
    }
    pipe.read.setNonBlocking()
    pipe.write.setNonBlocking()
    pipeRead = pipe.read
    pipeWrite = pipe.write
    waker = PipeWaker(pipe: pipe.write)
  }

  /// The size from `TIOCGWINSZ` on standard output (or input), `nil` when neither is a terminal.
  public func windowSize() -> Size? {
    for descriptor in [FileDescriptor.standardOutput, .standardInput] {
      if let size = TerminalControl.windowSize(of: descriptor), size.columns > 0, size.rows > 0 {
        return Size(width: size.columns, height: size.rows)
      }
    }
    return nil
  }

  /// A cell's size in pixels from `TIOCGWINSZ`'s pixel fields, nil when the terminal leaves
  /// them 0.
  public func cellPixelSize() -> Size? {
    guard let cells = windowSize() else { return nil }
    for descriptor in [FileDescriptor.standardOutput, .standardInput] {
      guard let size = TerminalControl.windowSize(of: descriptor), size.pixelWidth > 0 else { continue }
      guard size.pixelHeight > 0 else { return nil }
      return Size(width: size.pixelWidth / cells.width, height: size.pixelHeight / cells.height)
    }
    return nil
  }

  /// Saves the settings, sets raw mode, switches to the alternate screen and hides the cursor.
  public func enterFullScreen() throws(SystemCallError) {
    do throws(Errno) { try SavedTerminal.save(input: .standardInput, output: .standardOutput) } catch {
      throw SystemCallError(call: "tcgetattr", errno: error)
    }
    try TerminalControl.enterRawMode(.standardInput)
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
    do throws(Errno) { try ProcessSignals.install(notifying: pipeWrite) } catch {
      throw SystemCallError(call: "sigaction", errno: error)
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
      do throws(Errno) {
        offset += try bytes.withUnsafeBytes { buffer in
          Result { () throws(Errno) in
            try FileDescriptor.standardOutput.write(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
          }
        }.get()
      } catch  where error == .wouldBlock {
        try Poll.waitUntilWritable(.standardOutput)
      } catch {
        throw SystemCallError(call: "write", errno: error)
      }
    }
  }

  /// Polls standard input and the self-pipe.
  public func waitForEvents(timeout: Duration?) throws(SystemCallError) -> [DeviceEvent] {
    let descriptors = inputClosed ? [pipeRead] : [pipeRead, .standardInput]
    let ready = try Poll.waitForInput(descriptors, timeout: timeout)
    var events: [DeviceEvent] = []
    if ready[0] { events += drainPipe() }
    if ready.count > 1, ready[1] { events += readInput() }
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
      let number: Signal =
        switch signal {
        case .interrupt: .interrupt
        case .terminate: .terminate
        case .hangUp: .hangUp
        case .quit: .quit
        case .windowChanged: .windowChanged
        case .suspend: .suspend
        }
      ProcessSignals.end(by: number)
    case .outputClosed: CurrentProcess.exit(status: 1)
    case .quit, .stackEmpty, .endOfInput: CurrentProcess.exit(status: 0)
    }
  }

  /// Ends the process with `status`, restoring the terminal first if it is still in full screen.
  public static func exitProcess(status: Int32) -> Never {
    SavedTerminal.restore()
    CurrentProcess.exit(status: status)
  }

  /// Writes `text` and a newline to standard error, for messages outside the run loop; stops
  /// quietly when it cannot.
  public static func printError(_ text: String) {
    try? FileDescriptor.standardError.writeAll(text + "\n")
  }

  private func readInput() -> [DeviceEvent] {
    var buffer = [UInt8](repeating: 0, count: 4096)
    do throws(Errno) {
      let count = try FileDescriptor.standardInput.read(into: &buffer)
      if count > 0 { return [.input(Array(buffer[0..<count]))] }
    } catch  where error == .wouldBlock {
      return []
    } catch {}
    // End of file, or an error such as EIO from a terminal that hung up: input is over.
    inputClosed = true
    return [.endOfInput]
  }

  private func drainPipe() -> [DeviceEvent] {
    var events: [DeviceEvent] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while let count = try? pipeRead.read(into: &buffer), count > 0 {
      for byte in buffer[0..<count] {
        if byte == 0 {
          if !events.contains(.wake) { events.append(.wake) }
          continue
        }
        switch ProcessSignals.handledSignal(notifiedBy: byte) {
        case .windowChanged?: events.append(.signal(.windowChanged))
        case .interrupt?: events.append(.signal(.interrupt))
        case .terminate?: events.append(.signal(.terminate))
        case .hangUp?: events.append(.signal(.hangUp))
        case .quit?: events.append(.signal(.quit))
        case .suspend?: events.append(.signal(.suspend))
        default: break
        }
      }
    }
    return events
  }
}

/// Writes a zero byte to the self-pipe; a full pipe already means a wake-up is pending.
private struct PipeWaker: TerminalWaker {
  let pipe: FileDescriptor

  func wake() {
    _ = try? pipe.writeAll([0])
  }
}
