import Navigation
import TerminalUITesting
import Testing

@testable import TerminalUI

/// A screen that produces lines of its own, as a live view reports each processed frame.
@MainActor
final class StreamingScreen: Screen {
  let title = "Stream"
  private var pending: [String] = []
  private(set) var taken = 0

  func emit(_ line: String) { pending.append(line) }

  func draw(into canvas: inout Canvas) { canvas.put("streaming", at: Point(x: 1, y: 0)) }

  func takeLineOutput() -> [String] {
    defer { pending = [] }
    taken += pending.count
    return pending
  }
}

@MainActor
@Suite("Screen line output")
struct ScreenLineOutputTests {
  let router = TerminalRouter()
  let owner = TestOwner()

  @Test func lineModePrintsAScreensLinesOnceInOrderBeforeMessages() {
    let terminal = VirtualTerminal(router: router, mode: .line)
    let screen = StreamingScreen()
    router.setRoot(screen, route: TestRoutes.main, owner: owner)
    terminal.refresh()
    screen.emit("frame 1")
    screen.emit("frame 2")
    terminal.app.poster.post { [router] in router.showMessage("done") }
    terminal.runPostedJobs()
    terminal.runPostedJobs()
    screen.emit("frame 3")
    terminal.runPostedJobs()
    #expect(
      terminal.transcript == """
        == Stream ==
         streaming
        Type quit or help.
        frame 1
        frame 2
        done
        frame 3

        """)
    #expect(screen.taken == 3)
  }

  @Test func aScreenUnderAModalStillPrints() {
    let terminal = VirtualTerminal(router: router, mode: .line)
    let screen = StreamingScreen()
    router.setRoot(screen, route: TestRoutes.main, owner: owner)
    router.present(LabelScreen("Dialog"), route: TestRoutes.dialog, owner: owner)
    terminal.refresh()
    screen.emit("summary")
    terminal.runPostedJobs()
    #expect(terminal.transcript.hasSuffix("summary\n"))
  }

  @Test func fullScreenDropsTheLinesSoNothingPilesUp() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 30, height: 8))
    let screen = StreamingScreen()
    router.setRoot(screen, route: TestRoutes.main, owner: owner)
    for index in 0..<100 {
      screen.emit("frame \(index)")
      terminal.runPostedJobs()
    }
    #expect(screen.taken == 100)
    #expect(!terminal.screen.contains("frame"))
    #expect(terminal.screenLines[2] == " streaming")
  }

  @Test func theLoopSaysWhichModeItIsIn() {
    #expect(VirtualTerminal(router: TerminalRouter(), mode: .line).app.mode == .line)
    let scheduler: any LoopScheduling = VirtualTerminal(router: TerminalRouter()).app
    #expect(scheduler.mode == .fullScreen)
  }
}
