import Navigation
import Testing

@testable import TerminalUI

@Suite("Link prompt")
struct LinkPromptTests {
  let scheme = DeepLinkScheme("emotions")

  @Test func keysEditTheTextAtTheCursor() {
    var prompt = LinkPrompt(text: "abut")
    #expect(prompt.handle(.left, scheme: scheme) == .editing)
    #expect(prompt.handle(.left, scheme: scheme) == .editing)
    #expect(prompt.handle(.character("o"), scheme: scheme) == .editing)
    #expect(prompt.field.text == "about")
    #expect(prompt.field.cursor == 3)
    #expect(prompt.handle(.end, scheme: scheme) == .editing)
    #expect(prompt.handle(.backspace, scheme: scheme) == .editing)
    #expect(prompt.field.text == "abou")
    #expect(prompt.field.cursor == 4)
  }

  @Test func enterOpensOnlyALinkThatParses() throws {
    var prompt = LinkPrompt(text: "about us")
    #expect(prompt.handle(.enter, scheme: scheme) == .editing)
    #expect(prompt.field.text == "about us", "an invalid link stays to be corrected")
    var whole = LinkPrompt(text: " emotions://about/privacy ")
    #expect(try whole.handle(.enter, scheme: scheme) == .opened(DeepLink(path: ["about", "privacy"])))
    var path = LinkPrompt(text: "about")
    #expect(try path.handle(.enter, scheme: scheme) == .opened(DeepLink(path: ["about"])))
  }

  @Test func escapeCancelsWhateverIsTyped() {
    var prompt = LinkPrompt(text: "about")
    #expect(prompt.handle(.escape, scheme: scheme) == .cancelled)
  }

  @Test func parseSaysWhyATextIsNotALink() {
    #expect(
      LinkPrompt.parse("", scheme: scheme) == .failure(LinkPrompt.TextError(message: "The link is empty.")))
    #expect(
      LinkPrompt.parse("about", scheme: nil)
        == .failure(LinkPrompt.TextError(message: "Links cannot be opened here.")))
  }
}
