import Navigation
import Testing

@testable import TerminalUI

@Suite("Line transcript")
struct LineTranscriptTests {
  @Test func queuedLinesAreTakenOnceInOrder() {
    var transcript = LineTranscript()
    transcript.append(message: "Saved.", kind: .info)
    transcript.append(message: "No such file.", kind: .error)
    transcript.append(["help 1", "help 2"])
    #expect(transcript.take() == ["Saved.", "Error: No such file.", "help 1", "help 2"])
    #expect(transcript.take() == [])
  }

  @Test func aPageNumbersItsChoicesAndSaysWhatToType() {
    let page = LinePage(
      lines: ["Pick one."], choices: Array(repeating: "item", count: 10), instruction: "Or a path.")
    let lines = LineTranscript.page(page, breadcrumb: "Main", isRoot: false, acceptsLinks: true)
    #expect(lines.first == "== Main ==")
    #expect(lines[1] == "Pick one.")
    #expect(lines[3] == "   1. item")
    #expect(lines[12] == "  10. item")
    #expect(lines.suffix(2) == ["Or a path.", "Type a number (1-10), back, quit, help or :<link>."])
    let root = LineTranscript.page(
      LinePage(lines: ["Hi"]), breadcrumb: "Main", isRoot: true, acceptsLinks: false)
    #expect(root == ["== Main ==", "Hi", "Type quit or help."])
  }

  @Test func commandHelpNamesLinksOnlyWhenTheyCanBeTyped() throws {
    #expect(LineTranscript.helpLines(linkScheme: nil, link: nil).count == 4)
    let lines = LineTranscript.helpLines(
      linkScheme: DeepLinkScheme("emotions"), link: try DeepLink(path: ["about"]))
    #expect(
      lines.suffix(2) == [
        "  :<link>    open a link (emotions://…, or just its path)", "Link to this screen: emotions://about",
      ])
  }
}
