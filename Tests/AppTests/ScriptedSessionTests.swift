import Foundation
import Navigation
import TerminalUI
import TerminalUITesting
import Testing

@testable import EmotionsApp

@MainActor
@Suite("A whole session in line mode")
struct ScriptedSessionTests {
  @Test(.enabled(if: hasFlow("MainFlow") && hasFlow("AboutAppFlow")))
  func consentAboutDocumentsBackVisionQuit() async throws {
    let terminal = VirtualTerminal(router: TerminalRouter(appName: "Emotions"), mode: .line)
    let app = AppUnderTest(router: terminal.router, scheduler: terminal.app)
    app.coordinator.onFinish = { [weak router = terminal.router] _ in router?.quit() }
    let router = terminal.router
    var stacks: [[String]] = []
    func note() { stacks.append(router.stack.routes.map(\.screen)) }
    func choose(_ title: String) throws {
      let page = try #require(router.linePage(width: 80).first { $0.contains(". \(title)") })
      let number = try #require(page.split(separator: ".").first?.trimmingCharacters(in: .whitespaces))
      terminal.enter(number)
      note()
    }

    app.coordinator.start(route: app.plan().route)
    note()
    try choose("Next")  // 1. consent: the documents, then Accept
    try choose("Accept")
    try choose("About this app")  // 2. main, 3. about
    try choose("Documents")  // 4. the first document
    try choose("Next")  // 5. the second
    for _ in 0..<3 {  // 6. back three times
      terminal.enter("back")
      note()
    }
    try choose("Recognize emotions")  // 7. vision on a fixture image
    terminal.enter(fixture("astronaut.png"))
    note()
    let deadline = ContinuousClock.now + .seconds(60)
    var page: String { router.linePage(width: 100).joined(separator: "\n") }
    while !page.contains("finished"), ContinuousClock.now < deadline {
      await terminal.waitForPostedJobs(limit: .seconds(1))
    }
    let vision = page
    terminal.enter("quit")  // 8. quit
    app.close()
    #expect(router.stack.entries.isEmpty)

    let about = ["AboutApp", "TermsOfUse", "PrivacyPolicy"]
    #expect(stacks.count == 11)
    #expect(stacks[0].count == 1 && about.contains(stacks[0][0]), "consent starts with a document alone")
    #expect(stacks[2] == ["Main"])
    #expect(stacks[3] == ["Main", "AboutApp"])
    #expect(stacks[5].count == 4 && stacks[5].starts(with: ["Main", "AboutApp"]))
    #expect(stacks[6].count == 3 && stacks[7] == ["Main", "AboutApp"] && stacks[8] == ["Main"])
    #expect(stacks[9] == ["Main", "SourcePicker"])
    #expect(stacks[10] == ["Main", "Vision"])
    #expect(vision.contains("finished · 1 frames, 1 faces, happy 100%"), "\(vision)")
    #expect(terminal.exitReason == .quit)
    #expect(app.requirementsMet)
    #expect(!terminal.transcript.contains("\u{1B}"), "line mode writes no escape codes")
  }
}
