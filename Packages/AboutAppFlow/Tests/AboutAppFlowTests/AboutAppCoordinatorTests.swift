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
  var results: [CoordinatorResult<FlowOutcome>] = []

  let factory = AboutAppFlowFactory(version: "1.2.3", stateLocation: "/tmp/state.json") {
    [("Model", "test")]
  }

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
    switch (router ?? self.router).stack.top?.screen {
    case let view as TermsOfUseView: view.output.didChoose(action)
    case let view as PrivacyPolicyView: view.output.didChoose(action)
    default: Issue.record("the top screen is not a document")
    }
  }

  /// The buttons of the top document screen.
  func actions(on router: TestRouter) -> [DocumentAction] {
    switch router.stack.top?.screen {
    case let view as TermsOfUseView: view.actions
    case let view as PrivacyPolicyView: view.actions
    default: []
    }
  }

  @Test("the reading order: terms, then privacy")
  func pinsTheDocumentOrder() {
    #expect(AboutAppCoordinator.documentOrder == [.termsOfUse, .privacyPolicy])
  }

  @Test func browsingForwardAndBackEndsTheFlowOnceAndReleasesEverything() throws {
    var results: [CoordinatorResult<FlowOutcome>] = []
    do {
      let flow = try #require(makeFlow())
      flow.onFinish = { results.append($0) }
      root.addChild(flow)
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
      router.goBack()
      #expect(router.screenNames == ["Main", "AboutApp"])
      #expect(results.isEmpty)
      router.goBack()
      #expect(router.screenNames == ["Main"])
    }
    #expect(results == [.cancelled])
    #expect(root.children.isEmpty)
    #expect(leaks.count == 4)
    #expect(leaks.alive.isEmpty)
  }

  @Test func consentEndsWithAcceptAndTakesNothingAlong() throws {
    let router = TestRouter()
    var results: [CoordinatorResult<FlowOutcome>] = []
    do {
      let flow = try #require(factory.makeCoordinator(router: router) as? AboutAppCoordinator)
      leaks.track(flow)
      flow.onFinish = { results.append($0) }
      #expect(flow.start(with: try DeepLink(parsing: "emotions://consent")))
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
    #expect(results == [.completed(.accepted)])
    #expect(router.stack.isEmpty)
    #expect(leaks.alive.isEmpty)
  }

  @Test func consentCanBeDeclined() throws {
    let router = TestRouter()
    let flow = try #require(factory.makeCoordinator(router: router) as? AboutAppCoordinator)
    var results: [CoordinatorResult<FlowOutcome>] = []
    flow.onFinish = { results.append($0) }
    #expect(flow.start(with: try DeepLink(parsing: "emotions://consent")))
    choose(.decline, on: router)
    #expect(results == [.completed(.declined)])
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
    let parsed = try DeepLink(parsing: link)
    #expect(factory.canOpen(parsed))
    #expect(flow.start(with: parsed))
    #expect(router.screenNames == expected)
    #expect(router.stack.deepLink == parsed, "the stack writes back the same link")
    // From inside the flow, every other link of the flow lands on its own stack.
    #expect(flow.start(with: try DeepLink(parsing: "emotions://about/privacy")))
    #expect(router.screenNames == ["Main", "AboutApp", "PrivacyPolicy"])
  }

  @Test(
    arguments: [
      "emotions://about/"
        + AboutAppCoordinator.documentOrder.reversed().map(\.route.segment).joined(separator: "/"),
      "emotions://about/x", "emotions://main", "emotions://terms",
    ])
  func refusesLinksOutsideTheFlow(link: String) throws {
    #expect(!factory.canOpen(try DeepLink(parsing: link)))
  }
}
