import Navigation
import System
import TerminalUITesting
import Testing

@testable import TerminalUI

@MainActor
struct TerminalAppTests {
  let router = TerminalRouter()
  let owner = TestOwner()

  @Test func repeatingTimerFiresOnTheVirtualClock() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 30, height: 6))
    let screen = LabelScreen("Main", label: "ticks 0")
    router.setRoot(screen, route: TestRoutes.main, owner: owner)
    var ticks = 0
    let timer = terminal.app.schedule(after: .milliseconds(100), repeating: .milliseconds(100)) {
      ticks += 1
      screen.label = "ticks \(ticks)"
    }
    terminal.advance(by: .milliseconds(99))
    #expect(ticks == 0)
    terminal.advance(by: .milliseconds(251))
    #expect(ticks == 3)
    #expect(terminal.screenLines[2] == " ticks 3")
    timer.cancel()
    terminal.advance(by: .seconds(1))
    #expect(ticks == 3)
  }

  @Test func oneShotTimerFiresOnce() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 30, height: 6))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    var fired = 0
    terminal.app.schedule(after: .seconds(1)) { fired += 1 }
    terminal.advance(by: .milliseconds(999))
    #expect(fired == 0)
    terminal.advance(by: .milliseconds(1))
    #expect(fired == 1)
    terminal.advance(by: .seconds(5))
    #expect(fired == 1)
  }

  @Test func timersCanNavigate() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 30, height: 6))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    terminal.app.schedule(after: .seconds(2)) { [router, owner] in
      router.push(LabelScreen("Later"), route: TestRoutes.about, owner: owner)
    }
    terminal.advance(by: .seconds(3))
    #expect(terminal.screenLines[0] == " Main › Later")
  }

  @Test func jobsPostedFromAnotherThreadRunOnTheLoop() async {
    let terminal = VirtualTerminal(router: router, size: Size(width: 30, height: 6))
    let screen = LabelScreen("Main", label: "waiting")
    router.setRoot(screen, route: TestRoutes.main, owner: owner)
    let poster = terminal.app.poster
    await Task.detached {
      let result = (1...10).reduce(0, +)
      poster.post { screen.label = "result \(result)" }
    }.value
    #expect(screen.label == "waiting", "a posted job waits for the loop")
    #expect(poster.hasPendingJobs)
    terminal.runPostedJobs()
    #expect(terminal.screenLines[2] == " result 55")
    #expect(!poster.hasPendingJobs)
  }

  @Test func waitingForWorkOnAnotherThread() async {
    let terminal = VirtualTerminal(router: router, size: Size(width: 30, height: 6))
    let screen = LabelScreen("Main", label: "waiting")
    router.setRoot(screen, route: TestRoutes.main, owner: owner)
    let poster = terminal.app.poster
    Task.detached {
      let result = (1...100).reduce(0, +)
      poster.post { screen.label = "result \(result)" }
    }
    #expect(await terminal.waitForPostedJobs())
    #expect(terminal.screenLines[2] == " result 5050")
  }

  @Test(arguments: [TerminalSignal.interrupt, .terminate, .hangUp, .quit] as [TerminalSignal])
  func signalsStopAndRestore(signal: TerminalSignal) {
    let terminal = VirtualTerminal(router: router, size: Size(width: 30, height: 6))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    #expect(terminal.isFullScreenActive)
    terminal.signal(signal)
    #expect(terminal.exitReason == .signal(signal))
    #expect(!terminal.isFullScreenActive)
    #expect(terminal.isCursorVisible)
  }

  @Test func suspendGivesTheTerminalBackAndRedrawsOnResume() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 30, height: 6))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    #expect(terminal.screenLines[2] == " Main")
    terminal.clearOutput()
    terminal.press(.control("z"))
    #expect(terminal.suspensionCount == 1)
    #expect(terminal.exitReason == nil)
    #expect(terminal.isFullScreenActive)
    // Left the alternate screen before stopping, entered it again and redrew in full after.
    #expect(terminal.transcript.hasPrefix("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\u{1B}[?1049h\u{1B}[?25l"))
    #expect(terminal.screenLines[2] == " Main")
    terminal.signal(.suspend)
    #expect(terminal.suspensionCount == 2)
    #expect(terminal.exitReason == nil)
  }

  @Test func endOfInputStopsFullScreen() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 30, height: 6))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    terminal.closeInput()
    #expect(terminal.exitReason == .endOfInput)
    #expect(!terminal.isFullScreenActive)
  }

  @Test func runRestoresTheTerminalWhenReadingFails() {
    let device = FailingDevice()
    let app = TerminalApp(router: router, device: device)
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    #expect(throws: SystemCallError(call: "poll", errno: Errno(5))) { try app.run() }
    #expect(device.log == ["signals on", "full screen", "write", "restore", "signals off"])
  }

  @Test func runReturnsWhenTheUserQuits() throws {
    let device = FailingDevice()
    device.script = [[.input([UInt8(ascii: "q")])]]
    let app = TerminalApp(router: router, device: device)
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    #expect(try app.run() == .quit)
    #expect(device.log == ["signals on", "full screen", "write", "restore", "signals off"])
  }

  @Test func runReportsAClosedOutput() throws {
    let device = FailingDevice()
    device.failWrites = true
    let app = TerminalApp(router: router, device: device)
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    #expect(try app.run() == .outputClosed)
    #expect(device.log.suffix(2) == ["restore", "signals off"])
  }

  @Test func loneEscapeIsFlushedAfterTheTimeout() throws {
    let device = FailingDevice()
    // Esc arrives alone, then nothing: the loop waits out the escape timeout and reports Esc.
    device.script = [[.input([0x1B])], []]
    let app = TerminalApp(router: router, device: device)
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    router.push(LabelScreen("About"), route: TestRoutes.about, owner: owner)
    #expect(throws: SystemCallError.self) { try app.run() }
    #expect(router.stack.routes == [TestRoutes.main])
    #expect(device.timeouts == [nil, KeyDecoder.escapeTimeout, nil])
  }

  @Test func escapeSequenceSplitAcrossReadsIsNotFlushedEarly() throws {
    let device = FailingDevice()
    device.script = [[.input([0x1B])], [.input(Array("[B".utf8))]]
    let app = TerminalApp(router: router, device: device)
    let menu = MenuScreen(title: "Main", items: [ScreenAction("One") {}, ScreenAction("Two") {}])
    router.setRoot(menu, route: TestRoutes.main, owner: owner)
    #expect(throws: SystemCallError.self) { try app.run() }
    #expect(menu.selection == 1, "the arrow down arrived whole")
  }
}

/// A device that replays scripted events and then fails, recording what the app asked of it.
@MainActor
final class FailingDevice: TerminalDevice {
  let isInputTerminal = true
  let isOutputTerminal = true
  let environment: [String: String] = ["TERM": "xterm"]
  let waker: any TerminalWaker = SilentWaker()
  var script: [[DeviceEvent]] = []
  var failWrites = false
  private(set) var log: [String] = []
  private(set) var timeouts: [Duration?] = []

  func windowSize() -> Size? { Size(width: 30, height: 6) }
  func enterFullScreen() throws(SystemCallError) { log.append("full screen") }
  func restore() { log.append("restore") }
  func startSignalHandling() throws(SystemCallError) { log.append("signals on") }
  func stopSignalHandling() { log.append("signals off") }
  func suspendProcess() { log.append("suspend") }

  func write(_ bytes: [UInt8]) throws(SystemCallError) {
    if failWrites { throw SystemCallError(call: "write", errno: Errno(32)) }
    if log.last != "write" { log.append("write") }
  }

  func waitForEvents(timeout: Duration?) throws(SystemCallError) -> [DeviceEvent] {
    timeouts.append(timeout)
    time += timeout ?? .zero
    guard !script.isEmpty else {
      throw SystemCallError(call: "poll", errno: Errno(5))
    }
    return script.removeFirst()
  }

  /// Virtual time: every wait lasts its whole timeout.
  func now() -> Duration { time }
  private var time = Duration.zero
}

private struct SilentWaker: TerminalWaker {
  func wake() {}
}
