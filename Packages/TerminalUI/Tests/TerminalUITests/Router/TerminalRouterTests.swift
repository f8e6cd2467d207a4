import Navigation
import TerminalUITesting
import Testing

@testable import TerminalUI

@MainActor
struct TerminalRouterTests {
  let router = TerminalRouter()
  let owner = TestOwner()

  @Test func drawsHeaderScreenAndFooter() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 40, height: 10))
    let menu = MenuScreen(title: "Main", items: [ScreenAction("Open") {}, ScreenAction("Show dialog") {}])
    router.setRoot(menu, route: TestRoutes.main, owner: owner)
    #expect(
      terminal.screenLines == [
        " Main",
        "",
        " ▸ 1  Open",
        "   2  Show dialog",
        "",
        "",
        "",
        "",
        "",
        " ↑↓ move  Enter open  ? help",
      ])
    #expect(terminal.cell(x: 30, y: 0).style.reverse, "the header is a reversed bar")
    #expect(terminal.cell(x: 1, y: 2).style.reverse, "the selected item is reversed")
    #expect(!terminal.isCursorVisible)
  }

  @Test func pushThenBackWithEscapeTellsTheOwner() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 40, height: 8))
    let child = TestOwner()
    let menu = MenuScreen(
      title: "Main",
      items: [
        ScreenAction("Open") { [weak router] in
          router?.push(LabelScreen("Details"), route: TestRoutes.about, owner: child)
        }
      ])
    router.setRoot(menu, route: TestRoutes.main, owner: owner)
    terminal.press(.enter)
    #expect(
      terminal.screenLines == [
        " Main › Details",
        "",
        " Details",
        "",
        "",
        "",
        "",
        " Esc back  ? help  q quit",
      ])
    terminal.press(.escape)
    #expect(router.stack.routes == [TestRoutes.main])
    #expect(child.isFinished)
    #expect(child.removedCount == 1)
    #expect(terminal.screenLines[0] == " Main")
    #expect(terminal.screenLines[2] == " ▸ 1  Open")
  }

  @Test func backspaceGoesBackAndAtTheRootSaysHowToQuit() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 50, height: 8))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    router.push(LabelScreen("About"), route: TestRoutes.about, owner: owner)
    terminal.press(.backspace)
    #expect(router.stack.routes == [TestRoutes.main])
    terminal.press(.backspace)
    #expect(router.stack.routes == [TestRoutes.main])
    #expect(terminal.screenLines[6] == " This is the first screen. Press q to quit.")
    terminal.press(.character("x"))
    #expect(terminal.screenLines[6] == "", "a message lasts until the next key")
  }

  @Test func screenKeysComeBeforeGlobalKeys() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 40, height: 8))
    let screen = LabelScreen("Main")
    screen.consumes = [.character("q"), .escape]
    router.setRoot(screen, route: TestRoutes.main, owner: owner)
    router.push(LabelScreen("Editor"), route: TestRoutes.about, owner: owner)
    let editor = LabelScreen("Typing")
    editor.consumes = [.character("q"), .escape]
    router.push(editor, route: TestRoutes.terms, owner: owner)
    terminal.press(.character("q"), .escape)
    #expect(terminal.exitReason == nil)
    #expect(editor.keys == [.character("q"), .escape])
    #expect(router.stack.entries.count == 3)
  }

  @Test func modalIsABoxOverTheDimmedScreenBelow() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 40, height: 12))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    var answers: [Bool] = []
    let dialog = DialogScreen.confirm(title: "Quit", message: "Leave?", confirm: "Quit", cancel: "Stay") {
      answers.append($0)
    }
    router.present(dialog, route: TestRoutes.dialog, owner: owner)
    #expect(
      terminal.screenLines == [
        " Main › Quit",
        "",
        " Main",
        "    ┌─ Quit ───────────────────────┐",
        "    │ Leave?                       │",
        "    │                              │",
        "    │      [ Stay ]  [ Quit ]      │",
        "    └──────────────────────────────┘",
        "",
        "",
        "",
        " n stay  y quit  ? help",
      ])
    #expect(terminal.cell(x: 1, y: 2).style.dim, "the screen under the modal is dimmed")
    #expect(terminal.cell(x: 11, y: 6).style.reverse, "the first button has the focus")
    terminal.press(.tab, .enter)
    #expect(answers == [true])
    terminal.press(.character("n"))
    #expect(answers == [true, false])
    terminal.press(.escape)
    #expect(router.stack.routes == [TestRoutes.main])
    #expect(terminal.screenLines[3] == "")
  }

  @Test func breadcrumbTooLongElidesTheMiddle() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 40, height: 8))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    router.push(LabelScreen("About the app"), route: TestRoutes.about, owner: owner)
    router.push(LabelScreen("Terms of Use"), route: TestRoutes.terms, owner: owner)
    router.push(LabelScreen("Privacy Policy"), route: TestRoutes.privacy, owner: owner)
    #expect(terminal.screenLines[0] == " Main › … › Privacy Policy")
    #expect(router.breadcrumb(width: 60) == "Main › About the app › Terms of Use › Privacy Policy")
    #expect(router.breadcrumb(width: 40) == "Main › … › Terms of Use › Privacy Policy")
    #expect(router.breadcrumb(width: 20) == "… › Privacy Policy")
    #expect(router.breadcrumb(width: 10) == "… › Priva…")
    router.appName = "Emotions"
    #expect(router.breadcrumb(width: 30) == "Emotions › … › Privacy Policy")
  }

  @Test func helpOverlayListsScreenAndGlobalKeys() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 50, height: 16))
    let page = TextPageScreen(title: "Terms", text: "Short.", buttons: [ScreenAction("Accept", key: "a") {}])
    router.setRoot(page, route: TestRoutes.terms, owner: owner)
    terminal.press(.character("?"))
    let lines = terminal.screenLines
    #expect(lines.contains { $0.contains("┌─ Help ─") })
    #expect(lines.contains { $0.contains("│ On this screen:") })
    #expect(lines.contains { $0.contains("│   a               accept") })
    #expect(lines.contains { $0.contains("│   Esc, Backspace  go back") })
    #expect(lines.last == " any key close help")
    terminal.press(.character("x"))
    #expect(!terminal.screen.contains("Help"))
  }

  @Test func helpNamesTheLinkToThisScreen() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 60, height: 18))
    router.linkScheme = DeepLinkScheme("emotions")
    router.onDeepLink = { _ in }
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    router.push(LabelScreen("About"), route: TestRoutes.about, owner: owner)
    router.push(LabelScreen("Terms"), route: TestRoutes.terms, owner: owner)
    #expect(router.helpLines().last == "Link to this screen: emotions://about/terms")
    terminal.press(.character("?"))
    #expect(terminal.screen.contains("│ Link to this screen: emotions://about/terms"))
  }

  @Test func linkPromptValidatesAndHandsTheTextOn() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 60, height: 12))
    var links: [String] = []
    router.linkScheme = DeepLinkScheme("emotions")
    router.onDeepLink = { links.append($0.description) }
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    terminal.press(.character(":"))
    #expect(terminal.screen.contains("┌─ Open link ─"))
    #expect(terminal.screen.contains("✗ The link is empty."))
    terminal.type("about us")
    // The error is wrapped inside the box, which is 58 columns wide on a 60-column terminal.
    #expect(terminal.screenLines[7] == " │ ✗ The link contains a character that is not allowed    │")
    #expect(terminal.screenLines[8] == " │ (U+20).                                                │")
    terminal.press(.enter)
    #expect(links == [], "an invalid link is not handed on")
    terminal.press(.backspace, .backspace, .backspace)
    terminal.press(.enter)
    #expect(links == ["about"])
    #expect(!terminal.screen.contains("Open link"))
    terminal.press(.character(":"), .escape)
    #expect(links == ["about"])
    #expect(!terminal.screen.contains("Open link"))
    // A whole link, as the help shows it, works too.
    terminal.press(.character(":"))
    terminal.type("emotions://about/privacy")
    terminal.press(.enter)
    #expect(links == ["about", "about/privacy"])
    terminal.press(.character(":"))
    terminal.type("emotions://emotions://about")
    #expect(terminal.screen.contains("✗ The link's path has an empty part"))
  }

  @Test func messagesShowAboveTheFooter() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 50, height: 8))
    let scheme = DeepLinkScheme("emotions")
    router.linkScheme = scheme
    router.onDeepLink = { [weak router] link in
      router?.showMessage(scheme.message(for: .unhandled(link)), kind: .error)
    }
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    terminal.press(.character(":"))
    terminal.type("x")
    terminal.press(.enter)
    #expect(terminal.screenLines[6] == " ✗ Nothing in the app opens emotions://x.")
    #expect(terminal.cell(x: 1, y: 6).style.foreground == .basic(1))
  }

  @Test func quitKeysStopTheApp() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 40, height: 8))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    terminal.press(.character("q"))
    #expect(terminal.exitReason == .quit)
    #expect(!terminal.isFullScreenActive)
    #expect(terminal.isCursorVisible)
    #expect(terminal.transcript.hasSuffix("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"))
    let other = VirtualTerminal(router: TerminalRouter(), size: Size(width: 40, height: 8))
    other.router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    other.press(.control("c"))
    #expect(other.exitReason == .quit)
  }

  @Test func emptyStackEndsTheApp() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 40, height: 8))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    #expect(terminal.screenLines[2] == " Main")
    router.close(owner)
    terminal.refresh()
    #expect(terminal.exitReason == .stackEmpty)
    #expect(owner.isFinished)
  }

  @Test func footerKeepsTheHelpKeyWhenHintsDoNotFit() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 80, height: 8))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    router.push(
      MenuScreen(title: "Menu", items: [ScreenAction("A") {}, ScreenAction("B") {}]), route: TestRoutes.about,
      owner: owner)
    #expect(terminal.screenLines.last == " ↑↓ move  Enter open  1-2 choose  Esc back  ? help  q quit")
    #expect(router.footer(width: 60) == "↑↓ move  Enter open  1-2 choose  Esc back  ? help  q quit")
    #expect(router.footer(width: 40) == "↑↓ move  Enter open  1-2 choose  ? help")
    #expect(router.footer(width: 12) == "? help")
    #expect(router.footer(width: 6) == "? help")
    #expect(router.footer(width: 3) == "")
  }

  @Test func tooSmallTerminalSaysSo() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 19, height: 4))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    #expect(terminal.screenLines == ["Terminal too small", "", "", ""])
  }

  @Test func resizeRedrawsInFull() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 40, height: 8))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    _ = terminal.screen
    terminal.clearOutput()
    terminal.resize(to: Size(width: 30, height: 6))
    #expect(terminal.transcript.contains("\u{1B}[2J"))
    #expect(terminal.screenLines == [" Main", "", " Main", "", "", " ? help  q quit"])
  }

  @Test func aPromptsOwnEscIsTheOnlyEscInTheFooter() {
    let terminal = VirtualTerminal(router: router, size: Size(width: 80, height: 12))
    router.setRoot(LabelScreen("Main"), route: TestRoutes.main, owner: owner)
    router.present(
      PromptScreen(title: "Choose", message: "A path", onSubmit: { _ in }), route: TestRoutes.about,
      owner: owner)
    #expect(terminal.screenLines.last == " Enter submit  Esc cancel  ? help  q quit")
  }
}
