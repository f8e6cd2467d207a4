import Navigation
import Testing

@testable import TerminalUI

@Suite("Router chrome")
struct RouterChromeTests {
  @Test func theBreadcrumbStartsWithTheAppsName() {
    let chrome = RouterChrome(appName: "Emotions")
    #expect(chrome.breadcrumb(titles: [], width: 20) == "Emotions")
    #expect(chrome.breadcrumb(titles: ["Main", "About"], width: 40) == "Emotions › Main › About")
    #expect(RouterChrome().breadcrumb(titles: ["Main"], width: 3) == "Ma…")
  }

  @Test func globalKeysOfferBackBelowTheRootUnlessTheScreenNamesEsc() {
    let root = RouterChrome.globalKeyHints(canGoBack: false, screenHints: [], acceptsLinks: false)
    #expect(root == [KeyHint("?", "help"), KeyHint("q", "quit")])
    let pushed = RouterChrome.globalKeyHints(canGoBack: true, screenHints: [], acceptsLinks: true)
    #expect(
      pushed == [KeyHint("Esc", "back"), KeyHint("?", "help"), KeyHint(":", "link"), KeyHint("q", "quit")])
    let prompt = RouterChrome.globalKeyHints(
      canGoBack: true, screenHints: [KeyHint("Esc", "cancel")], acceptsLinks: false)
    #expect(prompt == [KeyHint("?", "help"), KeyHint("q", "quit")])
  }

  @Test func theFooterFollowsTheOverlayThatIsOpen() {
    var chrome = RouterChrome()
    let hints = [KeyHint("Enter", "open"), KeyHint("?", "help")]
    #expect(chrome.footer(hints: hints, isLinkPromptOpen: false, width: 40) == "Enter open  ? help")
    #expect(chrome.footer(hints: hints, isLinkPromptOpen: true, width: 40) == "Enter open  Esc cancel")
    chrome.isHelpVisible = true
    #expect(chrome.footer(hints: hints, isLinkPromptOpen: false, width: 40) == "any key close help")
  }

  @Test func helpNamesLinksOnlyWhenTheyCanBeTyped() throws {
    let link = try DeepLink(path: ["about"])
    let closed = RouterChrome.helpLines(screenHints: [], linkScheme: nil, link: link)
    #expect(closed.first == "Everywhere:")
    #expect(!closed.contains { $0.contains("link") })
    let open = RouterChrome.helpLines(
      screenHints: [KeyHint("a", "accept")], linkScheme: DeepLinkScheme("emotions"), link: link)
    #expect(open.first == "On this screen:")
    #expect(open.contains("  :               open a link (emotions://…, or just its path)"))
    #expect(open.last == "Link to this screen: emotions://about")
  }
}
