import Foundation
import TerminalUITesting
import Testing

/// Runs the real demo binary under pseudo-terminals and checks that the terminal settings
/// after it ends are the settings from before it started, on every way out.
@Suite(.serialized)
struct PseudoTerminalRestoreTests {
  /// The sanitizer this test binary (and so the demo beside it) was built with, if any.
  static let sanitizer: String? = {
    let program = dlopen(nil, RTLD_NOW)
    if dlsym(program, "__tsan_init") != nil { return "thread" }
    if dlsym(program, "__asan_init") != nil { return "address" }
    return nil
  }()

  @Test func normalQuitRestoresTheTerminal() throws {
    let session = try PseudoTerminalSession.demo(layout: .single)
    let before = session.initialInputSettings
    try session.waitUntilRunning()
    #expect(try session.inputSettings().isRaw, "the demo should have switched to raw mode")
    session.type("q")
    let status = try session.waitForExit()
    #expect(status == .exited(0))
    #expect(try session.inputSettings() == before)
    #expect(session.outputText.hasSuffix("\u{1B}[?1049l"))
  }

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func signalRestoresTheTerminalAndEndsByTheSignal(signal: Int32) throws {
    let session = try PseudoTerminalSession.demo(layout: .single)
    let before = session.initialInputSettings
    try session.waitUntilRunning()
    #expect(try session.inputSettings().isRaw)
    session.send(signal: signal)
    let status = try session.waitForExit()
    #expect(status == .signaled(signal))
    #expect(try session.inputSettings() == before)
    #expect(session.outputText.hasSuffix("\u{1B}[?1049l"))
  }

  @Test func crashRestoresTheTerminal() throws {
    let session = try PseudoTerminalSession.demo(
      layout: .single, environment: ["TERMINALUI_DEMO_CRASH=1", "SWIFT_BACKTRACE=interactive=no"])
    let before = session.initialInputSettings
    try session.waitUntilRunning()
    #expect(try session.inputSettings().isRaw)
    session.type("6")  // the Crash item: fatalError in the middle of handling a key
    let status = try session.waitForExit()
    // Built with a sanitizer (Tools/test --sanitize), the sanitizer's runtime catches the trap,
    // prints its report and exits with its own code: 1 for AddressSanitizer, 66 for
    // ThreadSanitizer (whose handler sometimes dies of SIGSEGV while reporting instead).
    let expected: [PseudoTerminalSession.ExitStatus] =
      switch Self.sanitizer {
      case "address": [.exited(1)]
      case "thread": [.exited(66), .signaled(SIGSEGV)]
      default: [.signaled(SIGILL), .signaled(SIGTRAP)]
      }
    #expect(expected.contains(status), "\(status)")
    #expect(try session.inputSettings() == before)
    #expect(session.outputText.contains("\u{1B}[?1049l"))
  }

  @Test func ctrlZSuspendsWithTheTerminalRestoredAndResumesInFullScreen() throws {
    let session = try PseudoTerminalSession.demo(layout: .single)
    let before = session.initialInputSettings
    try session.waitUntilRunning()
    session.type("\u{1A}")
    try session.waitUntilStopped()
    #expect(try session.inputSettings() == before, "a stopped app leaves the shell a normal terminal")
    #expect(session.outputText.hasSuffix("\u{1B}[?1049l"))
    session.send(signal: SIGCONT)
    try session.waitUntilRaw()
    session.type("q")
    #expect(try session.waitForExit() == .exited(0))
    #expect(try session.inputSettings() == before)
  }

  @Test func ctrlCKeyQuitsAndRestores() throws {
    let session = try PseudoTerminalSession.demo(layout: .single)
    let before = session.initialInputSettings
    try session.waitUntilRunning()
    session.type("\u{03}")
    #expect(try session.waitForExit() == .exited(0))
    #expect(try session.inputSettings() == before)
  }

  /// Standard output goes away (its terminal is closed) while input is still a terminal:
  /// the next redraw fails, and the app restores the input terminal and exits with status 1.
  @Test func closedOutputRestoresTheInputTerminal() throws {
    let session = try PseudoTerminalSession.demo(layout: .separateOutput(controllingTerminal: .input))
    let before = session.initialInputSettings
    try session.waitUntilRunning()
    #expect(try session.inputSettings().isRaw)
    session.closeOutputTerminal()
    session.type("j")  // moves the selection, so the app has to write
    #expect(try session.waitForExit() == .exited(1))
    #expect(try session.inputSettings() == before)
  }

  /// Standard input goes away (its terminal is closed, reads fail): the app leaves the
  /// alternate screen on its output and exits cleanly. The closed terminal's own settings
  /// cannot be read any more; its output terminal's settings are unchanged.
  @Test func closedInputEndsCleanly() throws {
    let session = try PseudoTerminalSession.demo(layout: .separateOutput(controllingTerminal: .output))
    let outputBefore = session.initialOutputSettings
    try session.waitUntilRunning()
    session.closeInputTerminal()
    #expect(try session.waitForExit() == .exited(0))
    #expect(try session.outputSettings() == outputBefore)
    #expect(session.outputText.hasSuffix("\u{1B}[?1049l"))
  }

  @Test func pipedInputRunsLineModeWithoutEscapeCodes() throws {
    let session = try PseudoTerminalSession.demo(layout: .pipedInput)
    session.writeToPipe("1\nback\nquit\n")
    session.closePipe()
    #expect(try session.waitForExit() == .exited(0))
    #expect(!session.outputText.contains("\u{1B}"))
    #expect(session.outputText.contains("== TerminalUI demo › Menu › Document =="))
  }
}
