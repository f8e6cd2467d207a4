import Navigation
import NavigationTesting
import TerminalUI
import TerminalUITesting
import Testing

@testable import EmotionsApp

@MainActor
@Suite("Application coordinator")
struct ApplicationCoordinatorTests {
  let loop = VirtualTerminal(router: TerminalRouter(), mode: .line)

  /// The app's flows, home first.
  let plugins = FlowPlugins.declarations()

  /// Every link the flows declare, except those of launch requirements, which only the
  /// launch opens.
  var links: [DeepLink] {
    let requirements = Set(plugins.launchRequirements.map(\.link))
    return plugins.factories.flatMap(\.exampleLinks).filter { !requirements.contains($0) }
  }

  func startedApp(_ router: TestRouter) -> AppUnderTest {
    let app = AppUnderTest(router: router, scheduler: loop.app)
    app.coordinator.start(route: .home)
    return app
  }

  /// The stack as the tests compare it: each screen with its query.
  func signature(_ router: TestRouter) -> [String] {
    router.stack.entries.map { entry in
      entry.route.screen + entry.query.map { "?\($0.name)=\($0.value)" }.joined()
    }
  }

  /// The flows that should be running for a stack: the home flow always, and each other flow
  /// whose declared screens show on the stack.
  func expectedFlows(_ router: TestRouter) -> [String] {
    let factories = plugins.factories
    return [factories[0].id]
      + factories.dropFirst().filter { flow in flow.routes.contains { router.stack.routes.contains($0) } }
      .map(
        \.id)
  }

  @Test(.enabled(if: hasFlow("MainFlow") && hasFlow("AboutAppFlow")))
  func theFlowsDeclareTheLinksTheAppDocuments() {
    #expect(
      Set(links.map(scheme.text(for:))).isSuperset(of: [
        "emotions://main", "emotions://vision", "emotions://about", "emotions://about/terms",
        "emotions://about/privacy",
      ]))
  }

  @Test("every link from a cold start, then written back and opened again")
  func coldStartAndRoundTrip() throws {
    for link in links { try coldStartAndRoundTrip(link: link) }
  }

  func coldStartAndRoundTrip(link: DeepLink) throws {
    let router = TestRouter()
    let app = startedApp(router)
    try app.coordinator.open(link)
    let stack = signature(router)
    #expect(
      router.stack.entries.first?.route == plugins.home?.routes.first, "the home flow's screen at the root")
    #expect(app.coordinator.runningFlowIDs == expectedFlows(router), "\(link)")

    let written = try #require(router.stack.deepLink)
    let rebuiltRouter = TestRouter()
    let rebuilt = startedApp(rebuiltRouter)
    try rebuilt.coordinator.open(try scheme.parse(scheme.text(for: written)))
    #expect(signature(rebuiltRouter) == stack, "\(link) written as \(written)")
    router.close(app.coordinator.children[0])
    rebuiltRouter.close(rebuilt.coordinator.children[0])
  }

  @Test("every link from inside every other screen lands on the same stack, leaving no flow behind")
  func fromEveryScreen() throws {
    for link in links { try fromEveryScreen(link: link) }
  }

  func fromEveryScreen(link: DeepLink) throws {
    let coldRouter = TestRouter()
    let cold = startedApp(coldRouter)
    try cold.coordinator.open(link)
    let expected = signature(coldRouter)
    coldRouter.close(cold.coordinator.children[0])

    for start in links {
      let router = TestRouter()
      let leaks = LeakTracker()
      let app = startedApp(router)
      try app.coordinator.open(start)
      for child in app.coordinator.children { leaks.track(child, "\(ObjectIdentifier(child))") }
      try app.coordinator.open(link)
      for child in app.coordinator.children { leaks.track(child, "\(ObjectIdentifier(child))") }
      #expect(signature(router) == expected, "\(link) from \(start)")
      #expect(app.coordinator.runningFlowIDs == expectedFlows(router), "\(link) from \(start)")
      let running = Set(app.coordinator.children.map { "\(ObjectIdentifier($0))" })
      #expect(Set(leaks.alive) == running, "\(link) from \(start): a flow that left the stack is still alive")
      router.close(app.coordinator.children[0])
    }
  }

  @Test(.enabled(if: hasFlow("MainFlow") && hasFlow("AboutAppFlow")))
  func aLinkNoFlowOpensLeavesTheStackAndSaysSo() throws {
    let router = TestRouter()
    let app = startedApp(router)
    try app.coordinator.open(try link("emotions://about/terms"))
    let before = signature(router)
    for text in ["emotions://nowhere", "emotions://about/x", "emotions://vision/picker"] {
      #expect(throws: DeepLinkError.unhandled(try link(text))) {
        try app.coordinator.open(try link(text))
      }
    }
    #expect(signature(router) == before)
    #expect(app.coordinator.runningFlowIDs == ["main", "about"])
  }

  @Test(.enabled(if: hasFlow("MainFlow") && hasFlow("AboutAppFlow")))
  func aboutFromMainIsARequestThatNeverStacksASecondCopy() throws {
    let router = TestRouter()
    let app = startedApp(router)
    let main = try #require(router.top(as: MenuScreen.self))
    #expect(main.handleLine("2") == .handled)
    #expect(router.screenNames == ["Main", "AboutApp"])
    try app.coordinator.open(try link("emotions://about"))
    try app.coordinator.open(try link("emotions://about/privacy"))
    #expect(router.screenNames == ["Main", "AboutApp", "PrivacyPolicy"])
    #expect(app.coordinator.runningFlowIDs == ["main", "about"])
    router.goBack()
    router.goBack()
    #expect(app.coordinator.runningFlowIDs == ["main"])
  }

  @Test(.enabled(if: hasFlow("MainFlow") && hasFlow("AboutAppFlow")))
  func consentFirstThenThePendingLinkAndTheStateRemembersIt() throws {
    let router = TestRouter()
    let app = AppUnderTest(router: router, scheduler: loop.app)
    let privacy = try link("emotions://about/privacy")
    app.coordinator.start(route: app.plan(.init(deepLink: privacy)).route)
    #expect(router.screenNames.count == 1)
    #expect(app.coordinator.isRunningRequirement)
    #expect(throws: DeepLinkError.self) { try app.coordinator.open(privacy) }
    let documents = router.screenNames.count
    var guardCount = 0
    while !app.requirementsMet, guardCount < 5 {
      guardCount += 1
      let page = try #require(router.stack.top?.screen as? TextPageScreen)
      let choices = page.buttons.buttons.map(\.title)
      #expect(
        page.handleLine(String((choices.firstIndex(of: "Accept") ?? choices.firstIndex(of: "Next") ?? 0) + 1))
          == .handled)
    }
    #expect(documents == 1)
    #expect(app.requirementsMet)
    #expect(router.screenNames == ["Main", "AboutApp", "PrivacyPolicy"])
    #expect(AppStateStore(fileURL: app.state.store.fileURL).load().state.hasMet("consent", version: 1))
  }

  @Test(.enabled(if: hasFlow("AboutAppFlow")))
  func declinedConsentQuits() throws {
    let router = TestRouter()
    let app = AppUnderTest(router: router, scheduler: loop.app)
    var finished = false
    app.coordinator.onFinish = { _ in finished = true }
    app.coordinator.start(route: .requirements(app.plugins.launchRequirements, then: nil))
    let page = try #require(router.stack.top?.screen as? TextPageScreen)
    #expect(
      page.handleLine(String((page.buttons.buttons.map(\.title).firstIndex(of: "Quit") ?? 0) + 1)) == .handled
    )
    #expect(finished)
    #expect(!app.requirementsMet)
  }

  @Test func theHomeFlowIsTheOneThatAsksMost() throws {
    let home = try #require(plugins.home)
    #expect(plugins.factories.allSatisfy { $0.homePriority <= home.homePriority })
    if hasFlow("MainFlow") { #expect(home.id == "main") }
  }
}
