import Navigation
import Testing

@testable import TerminalUI
@testable import TerminalUITesting

@MainActor
struct LineModeTests {
  let router = TerminalRouter()
  let owner = TestOwner()

  private func showMenu() {
    let menu = MenuScreen(
      title: "Main", text: "Welcome.",
      items: [
        ScreenAction("About") { [weak router, owner] in
          let page = TextPageScreen(
            title: "About", text: "Version 1.", buttons: [ScreenAction("Back") { router?.goBack() }])
          router?.push(page, route: TestRoutes.about, owner: owner)
        },
        ScreenAction("Quit") { [weak router] in router?.quit() },
      ])
    router.setRoot(menu, route: TestRoutes.main, owner: owner)
  }

  @Test func transcriptOfASession() {
    let scheme = DeepLinkScheme("emotions")
    router.linkScheme = scheme
    router.onDeepLink = { [weak router] link in
      router?.showMessage(scheme.message(for: .unhandled(link)), kind: .error)
    }
    let terminal = VirtualTerminal(router: router, mode: .line)
    showMenu()
    for line in ["1", "back", "7", ":emotions://x", ":other://x", "", "2"] { terminal.enter(line) }
    #expect(
      terminal.transcript == """
        == Main ==
        Welcome.

          1. About
          2. Quit
        Type a number (1-2), quit, help or :<link>.
        > 1

        == Main › About ==
        Version 1.

          1. Back
        Type 1, back, quit, help or :<link>.
        > back

        == Main ==
        Welcome.

          1. About
          2. Quit
        Type a number (1-2), quit, help or :<link>.
        > 7
        Error: Choose a number from 1 to 2.
        > :emotions://x
        Error: Nothing in the app opens emotions://x.
        > :other://x
        Error: Links must start with emotions://, not other://.
        >\u{20}

        == Main ==
        Welcome.

          1. About
          2. Quit
        Type a number (1-2), quit, help or :<link>.
        > 2

        """)
    #expect(terminal.exitReason == .quit)
    #expect(!terminal.transcript.contains("\u{1B}"))
  }

  @Test func endOfInputQuitsCleanlyAfterALastLineWithoutNewline() {
    let terminal = VirtualTerminal(router: router, mode: .line)
    showMenu()
    terminal.send(Array("1".utf8))
    #expect(router.stack.entries.count == 1, "a line is not complete before its newline")
    terminal.closeInput()
    #expect(router.stack.routes == [TestRoutes.main, TestRoutes.about])
    #expect(terminal.exitReason == .endOfInput)
    #expect(
      terminal.transcript.hasSuffix(
        "> 1\n\n== Main › About ==\nVersion 1.\n\n  1. Back\nType 1, back, quit or help.\n"))
  }

  @Test func backAtTheRootAndHelp() {
    let terminal = VirtualTerminal(router: router, mode: .line)
    showMenu()
    terminal.refresh()
    terminal.clearOutput()
    terminal.enter("back")
    terminal.enter("help")
    #expect(
      terminal.transcript == """
        > back
        Error: This is the first screen; type quit to leave.
        > help
        Commands, one per line:
          <number>   choose that item
          back       go back
          quit       leave the app

        """)
  }

  @Test func promptTakesTheLineAsItsText() {
    let terminal = VirtualTerminal(router: router, mode: .line)
    var submitted: [String] = []
    let prompt = PromptScreen(
      title: "Open", message: "Path of a video:", validate: { $0.hasSuffix(".mp4") ? nil : "Not a video." },
      onSubmit: { submitted.append($0) })
    router.setRoot(prompt, route: TestRoutes.main, owner: owner)
    terminal.enter("notes.txt")
    terminal.enter("my clip.mp4")
    #expect(submitted == ["my clip.mp4"])
    #expect(
      terminal.transcript == """
        == Open ==
        Path of a video:
        Type the text on one line.
        Type quit or help.
        > notes.txt
        Error: Not a video.
        > my clip.mp4

        """)
  }

  @Test func widgetsAsText() {
    let terminal = VirtualTerminal(router: router, mode: .line)
    let panel = PanelScreen(
      title: "Vision",
      widgets: [
        ProgressBar(fraction: 0.5, label: "Frame"),
        BarChart([BarChart.Entry("happy", 0.8), BarChart.Entry("sad", 0.2)]),
      ], buttons: [ScreenAction("Source") {}])
    router.setRoot(panel, route: TestRoutes.main, owner: owner)
    terminal.refresh()
    let lines = terminal.transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 8)
    #expect(lines[0] == "== Vision ==")
    #expect(lines[1].hasPrefix("Frame [####"))
    #expect(lines[1].hasSuffix("] 50%"))
    #expect(lines[2].hasPrefix("happy ####"))
    #expect(lines[2].hasSuffix(" 80%"))
    #expect(lines[4] == "")
    #expect(lines[5] == "  1. Source")
  }

  @Test func stackEmptiedByACommandEndsTheSession() {
    let terminal = VirtualTerminal(router: router, mode: .line)
    let menu = MenuScreen(
      title: "Main", items: [ScreenAction("Done") { [weak router, owner] in router?.close(owner) }])
    router.setRoot(menu, route: TestRoutes.main, owner: owner)
    terminal.enter("1")
    #expect(terminal.exitReason == .stackEmpty)
    #expect(owner.isFinished)
  }

  @Test func timersPrintMessagesAndNewScreensButNotEveryChange() {
    let terminal = VirtualTerminal(router: router, mode: .line)
    let screen = LabelScreen("Main", label: "0%")
    router.setRoot(screen, route: TestRoutes.main, owner: owner)
    terminal.refresh()
    terminal.clearOutput()
    var percent = 0
    terminal.app.schedule(after: .milliseconds(100), repeating: .milliseconds(100)) {
      percent += 10
      screen.label = "\(percent)%"
    }
    terminal.advance(by: .seconds(1))
    #expect(terminal.transcript == "", "a changing page is not printed again and again")
    terminal.app.schedule(after: .milliseconds(1)) { [router] in router.showMessage("Frame 1: happy") }
    terminal.advance(by: .milliseconds(1))
    #expect(terminal.transcript == "Frame 1: happy\n")
    terminal.clearOutput()
    terminal.app.schedule(after: .seconds(1)) { [router, owner] in
      router.push(LabelScreen("Done"), route: TestRoutes.about, owner: owner)
    }
    terminal.advance(by: .seconds(1))
    #expect(
      terminal.transcript == """

        == Main › Done ==
         Done
        Type back, quit or help.

        """)
  }

  @Test func modeIsChosenFromTheDevice() {
    let piped = TerminalApp(
      router: TerminalRouter(),
      device: VirtualDevice(size: Size(width: 80, height: 24), isTerminal: false, environment: [:]))
    #expect(piped.mode == .line)
    let terminal = TerminalApp(
      router: TerminalRouter(),
      device: VirtualDevice(
        size: Size(width: 80, height: 24), isTerminal: true, environment: ["TERM": "xterm"]))
    #expect(terminal.mode == .fullScreen)
    let dumb = TerminalApp(
      router: TerminalRouter(),
      device: VirtualDevice(
        size: Size(width: 80, height: 24), isTerminal: true, environment: ["TERM": "dumb"]))
    #expect(dumb.mode == .line)
    #expect(dumb.colorMode == .gray)
  }
}
