import Navigation
import NavigationTesting
import Testing

@testable import AboutAppFlow

@MainActor
@Suite("About coordinator")
struct AboutAppCoordinatorTests {
  let router = TestRouter()
  let leaks = LeakTracker()
  let root = BaseCoordinator<Void>()
  let scheme = DeepLinkScheme("emotions")
  /// How many times the host's facts were read.
  let factReads = Counter()

  /// Counts calls, for the facts closure.
  final class Counter: @unchecked Sendable {
    var count = 0
  }

  var factory: AboutAppFlowFactory {
    let reads = factReads
    return AboutAppFlowFactory(
      environment: FlowEnvironment(
        host: HostApplication(name: "Emotions", version: "1.2.3", stateLocation: "/tmp/state.json") {
          reads.count += 1
          return [("Model", "test \(reads.count)")]
        }))
  }

  func link(_ text: String) throws -> DeepLink { try scheme.parse(text) }

  init() {
    router.setRoot(TestScreen("Main"), route: Route(screen: "Main", segment: "main"), owner: root)
  }

  func makeFlow() -> AboutAppCoordinator? {
    let flow = factory.makeCoordinator(router: router) as? AboutAppCoordinator
    if let flow { leaks.track(flow) }
    return flow
  }

  /// Tracks the top screen, and the presenter it holds, for the release check.
  func trackTop() {
    if let screen = router.stack.top?.screen { leaks.track(screen, router.screenNames.last) }
  }

  /// Picks a button on the top document screen the way the user would.
  func choose(_ action: DocumentAction, on router: TestRouter? = nil) {
    guard let view = (router ?? self.router).top(as: DocumentView.self) else {
      Issue.record("the top screen is not a document")
      return
    }
    view.output.didChoose(action)
  }

  /// The buttons of the top document screen.
  func actions(on router: TestRouter) -> [DocumentAction] {
    router.top(as: DocumentView.self)?.actions ?? []
  }

  @Test("the reading order: terms, then privacy")
  func pinsTheDocumentOrder() {
    #expect(AboutAppCoordinator.documentOrder == [.termsOfUse, .privacyPolicy])
  }

  @Test func browsingForwardAndBackEndsTheFlowOnceAndReleasesEverything() throws {
    var results: [String] = []
    do {
      let flow = try #require(makeFlow())
      root.addChild(flow) { results.append("\($0)") }
      flow.start()
      trackTop()
      #expect(router.screenNames == ["Main", "AboutApp"])

      let about = try #require(router.top(as: AboutAppView.self))
      about.output.didSelectDocuments()
      trackTop()
      let order = AboutAppCoordinator.documentOrder.map(\.route.screen)
      #expect(router.screenNames == ["Main", "AboutApp", order[0]])
      choose(.next)
      trackTop()
      #expect(router.screenNames == ["Main", "AboutApp"] + order)
      choose(.next)
      #expect(router.screenNames == ["Main", "AboutApp"] + order, "no Next after the last document")

      choose(.back)
      #expect(router.screenNames == ["Main", "AboutApp", order[0]])
      let readsBefore = factReads.count
      router.goBack()
      #expect(router.screenNames == ["Main", "AboutApp"])
      #expect(factReads.count == readsBefore + 1, "coming back to About reads its facts again")
      #expect(about.text.contains("Model: test \(factReads.count)"))
      #expect(results.isEmpty)
      router.goBack()
      #expect(router.screenNames == ["Main"])
    }
    #expect(results == ["cancelled"])
    #expect(root.children.isEmpty)
    #expect(leaks.count == 4)
    #expect(leaks.alive.isEmpty)
  }

  @Test func version01sConsentIsDeclaredForTheAppToReadIntoTheRequirement() throws {
    // Version 0.1 wrote {"consent": {"documentsVersion": 1, "acceptedAt": "…"}} at the top.
    #expect(
      AboutAppFlowFactory.legacyStateEntries == [
        .metRequirement(
          legacyKey: "consent", requirementID: "consent", versionField: "documentsVersion",
          dateField: "acceptedAt")
      ])
    #expect(try #require(factory.launchRequirement).id == "consent")
  }

  @Test func consentEndsWithAcceptAndTakesNothingAlong() throws {
    let router = TestRouter()
    var results: [String] = []
    do {
      let flow = try #require(factory.makeCoordinator(router: router) as? AboutAppCoordinator)
      leaks.track(flow)
      flow.onFinish = { results.append("\($0)") }
      let requirement = try #require(factory.launchRequirement)
      #expect(requirement.id == "consent" && requirement.version == 1)
      #expect(flow.start(with: requirement.link))
      let order = AboutAppCoordinator.documentOrder.map(\.route.screen)
      #expect(router.screenNames == [order[0]])
      #expect(router.stack.entries.first?.style == .root)
      #expect(router.goBack() == false, "the first document cannot be left but by Quit")
      for screen in router.screens { leaks.track(screen) }
      #expect(actions(on: router) == [.next, .decline])
      choose(.next, on: router)
      #expect(router.screenNames == order)
      for screen in router.screens { leaks.track(screen) }
      #expect(actions(on: router) == [.back, .accept, .decline])
      choose(.accept, on: router)
      router.close(flow)
    }
    #expect(results == ["completed()"])
    #expect(router.stack.isEmpty)
    #expect(leaks.alive.isEmpty)
  }

  @Test func consentCanBeDeclined() throws {
    let router = TestRouter()
    let flow = try #require(factory.makeCoordinator(router: router) as? AboutAppCoordinator)
    var results: [String] = []
    flow.onFinish = { results.append("\($0)") }
    #expect(flow.start(with: try link("emotions://consent")))
    choose(.decline, on: router)
    #expect(results == ["cancelled"], "declining leaves the requirement unmet")
  }

  @Test func theConsentLinkAgainGoesBackToTheFirstDocumentAndKeepsTheFlow() throws {
    let router = TestRouter()
    let flow = try #require(factory.makeCoordinator(router: router) as? AboutAppCoordinator)
    #expect(flow.start(with: try link("emotions://consent")))
    choose(.next, on: router)
    #expect(router.screenNames.count == 2)
    #expect(flow.start(with: try link("emotions://consent")))
    #expect(router.screenNames == [AboutAppCoordinator.documentOrder[0].route.screen])
    #expect(!flow.isFinished)
    #expect(!flow.start(with: try link("emotions://about")), "no browsing in consent mode")
  }

  @Test func consentIsNeverRestoredAndBrowsingIs() throws {
    #expect(factory.restorableLink(for: try link("emotions://consent")) == nil)
    #expect(
      factory.restorableLink(for: try link("emotions://about/terms")) == (try link("emotions://about/terms")))
  }

  @Test(
    "links rebuild the flow's part of the stack",
    arguments: [
      ("emotions://about", ["Main", "AboutApp"]),
      ("emotions://about/terms", ["Main", "AboutApp", "TermsOfUse"]),
      ("emotions://about/privacy", ["Main", "AboutApp", "PrivacyPolicy"]),
      (
        "emotions://about/" + AboutAppCoordinator.documentOrder.map(\.route.segment).joined(separator: "/"),
        ["Main", "AboutApp"] + AboutAppCoordinator.documentOrder.map(\.route.screen)
      ),
    ])
  func linksBuildTheStack(link: String, expected: [String]) throws {
    let flow = try #require(makeFlow())
    root.addChild(flow)
    let parsed = try self.link(link)
    #expect(factory.canOpen(parsed))
    #expect(flow.start(with: parsed))
    #expect(router.screenNames == expected)
    #expect(router.stack.deepLink == parsed, "the stack writes back the same link")
    // From inside the flow, every other link of the flow lands on its own stack.
    #expect(flow.start(with: try self.link("emotions://about/privacy")))
    #expect(router.screenNames == ["Main", "AboutApp", "PrivacyPolicy"])
  }

  @Test(
    arguments: [
      "emotions://about/"
        + AboutAppCoordinator.documentOrder.reversed().map(\.route.segment).joined(separator: "/"),
      "emotions://about/x", "emotions://main", "emotions://terms",
    ])
  func refusesLinksOutsideTheFlow(link: String) throws {
    #expect(!factory.canOpen(try self.link(link)))
  }
}
