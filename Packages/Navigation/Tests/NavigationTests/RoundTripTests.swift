import Navigation
import NavigationTesting
import Testing

@MainActor
@Suite("Stack to link to stack")
struct RoundTripTests {
  /// One thing a user can do on a screen of the sample graph.
  enum Action: CaseIterable {
    case detail1, detail2, settings, account, picker, folder, back
  }

  /// Applies `action` if the top screen offers it; returns false when it does not.
  static func apply(_ action: Action, to app: SampleAppCoordinator) -> Bool {
    let top = app.router.stack.top?.route
    switch (action, top) {
    case (.detail1, SampleRoutes.home): app.home?.showDetail(id: 1)
    case (.detail2, SampleRoutes.home): app.home?.showDetail(id: 2)
    case (.settings, SampleRoutes.home): app.openSettings()
    case (.account, SampleRoutes.settings): app.settings?.showAccount()
    case (.picker, SampleRoutes.settings): app.settings?.showPicker()
    case (.folder, SampleRoutes.picker): app.settings?.showFolder()
    case (.back, _): return app.router.goBack()
    default: return false
    }
    return true
  }

  /// A stack as the test compares it: each screen with its style and query.
  static func signature(_ router: TestRouter) -> [String] {
    router.stack.entries.map { entry in
      let query = entry.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
      return "\(entry.route.screen)/\(entry.style)" + (query.isEmpty ? "" : "?\(query)")
    }
  }

  /// Every distinct stack reachable by up to five user actions from a cold start.
  static func reachableStacks() -> [[Action]] {
    var found: [[String]: [Action]] = [:]
    var frontier: [[Action]] = [[]]
    for _ in 0...5 {
      var next: [[Action]] = []
      for actions in frontier {
        let app = SampleAppCoordinator(router: TestRouter(), leaks: LeakTracker())
        app.start()
        guard actions.allSatisfy({ apply($0, to: app) }) else { continue }
        let signature = signature(app.router)
        guard found[signature] == nil else { continue }
        found[signature] = actions
        next += Action.allCases.map { actions + [$0] }
      }
      frontier = next
    }
    return found.values.sorted { $0.count < $1.count }
  }

  @Test func everyReachableStackSurvivesARoundTrip() throws {
    let stacks = Self.reachableStacks()
    #expect(stacks.count == 7, "home, detail 1, detail 2, settings, account, picker, folder")
    for actions in stacks {
      let original = SampleAppCoordinator(router: TestRouter(), leaks: LeakTracker())
      original.start()
      for action in actions { _ = Self.apply(action, to: original) }
      let link = try #require(original.router.stack.deepLink)

      let rebuilt = SampleAppCoordinator(router: TestRouter(), leaks: LeakTracker())
      rebuilt.start()
      let parsed = try sample.parse(sample.text(for: link))
      if parsed != (try sample.parse("sample://home")) { #expect(rebuilt.open(parsed)) }
      #expect(Self.signature(rebuilt.router) == Self.signature(original.router), "\(link)")

      // Opening the same link from inside every other reachable stack lands in the same place.
      for start in stacks {
        let warm = SampleAppCoordinator(router: TestRouter(), leaks: LeakTracker())
        warm.start()
        for action in start { _ = Self.apply(action, to: warm) }
        #expect(warm.open(parsed), "\(link) from \(start)")
        #expect(Self.signature(warm.router) == Self.signature(original.router), "\(link) from \(start)")
      }
    }
  }

  @Test func linksOfTheSampleGraphAreTheExpectedText() {
    let app = SampleAppCoordinator(router: TestRouter(), leaks: LeakTracker())
    app.start()
    #expect(app.router.stack.deepLink?.description == "home")
    app.openSettings()
    app.settings?.showPicker()
    app.settings?.showFolder()
    #expect(app.router.stack.deepLink?.description == "settings/picker/folder")
    app.router.dismiss()
    app.router.goBack()
    app.home?.showDetail(id: 2)
    #expect(app.router.stack.deepLink?.description == "detail?id=2")
  }

  @Test func aLinkNoFlowHandlesLeavesTheStackAsItWas() throws {
    let app = SampleAppCoordinator(router: TestRouter(), leaks: LeakTracker())
    app.start()
    app.openSettings()
    let before = Self.signature(app.router)
    #expect(!app.open(try sample.parse("sample://nowhere")))
    #expect(!app.open(try sample.parse("sample://settings/folder")))
    #expect(Self.signature(app.router) == before)
  }
}
