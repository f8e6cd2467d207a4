import Navigation
import NavigationTesting
import Testing

@MainActor
@Suite("Coordinator lifecycle")
struct CoordinatorLifecycleTests {
  let router = TestRouter()
  let leaks = LeakTracker()

  func startApp() -> SampleAppCoordinator {
    let app = SampleAppCoordinator(router: router, leaks: leaks)
    app.start()
    return app
  }

  @Test func backOnAChildsLastEntryFinishesItOnceAndReleasesIt() {
    let app = startApp()
    app.openSettings()
    app.settings?.showAccount()
    #expect(router.screenNames == ["Home", "Settings", "Account"])

    router.goBack()
    #expect(app.settingsResults.isEmpty, "the flow still owns Settings")
    #expect(app.children.count == 2)

    router.goBack()
    #expect(router.screenNames == ["Home"])
    #expect(app.settingsResults == [.cancelled])
    #expect(app.children.count == 1)
    #expect(leaks.alive == ["Home screen"])

    router.goBack()
    #expect(app.settingsResults == [.cancelled], "finished exactly once")
  }

  @Test func finishingWithAValueWinsOverALaterCancel() {
    let app = startApp()
    app.openSettings()
    guard let settings = app.settings else {
      Issue.record("settings did not start")
      return
    }
    settings.finish(with: "dark theme")
    router.close(settings)
    settings.cancel()
    #expect(app.settingsResults == [.completed("dark theme")])
    #expect(app.children.count == 1)
    #expect(router.screenNames == ["Home"])
  }

  @Test func nestedFlowsFinishChildFirst() {
    let router = TestRouter()
    var order: [String] = []
    let outer = NestingCoordinator(name: "outer", router: router) { order.append($0) }
    outer.start()
    let inner = NestingCoordinator(name: "inner", router: router) { order.append($0) }
    outer.addChild(inner) { _ in order.append("outer heard inner") }
    inner.start()
    #expect(router.screenNames == ["root", "outer", "inner"])
    router.popToRoot()
    #expect(order == ["outer heard inner", "outer"])
    #expect(outer.children.isEmpty)
  }

  @Test func aModalWithItsOwnPushesIsDismissedAsAWhole() throws {
    let app = startApp()
    #expect(app.open(try sample.parse("sample://settings/picker/folder")))
    #expect(router.screenNames == ["Home", "Settings", "Picker", "Folder"])
    #expect(router.stack.entries.map(\.style) == [.root, .push, .modal, .push])
    router.dismiss()
    #expect(router.screenNames == ["Home", "Settings"])
    #expect(app.settings != nil, "settings still owns its first screen")
    #expect(leaks.alive.sorted() == ["Home screen", "Settings screen", "SettingsCoordinator"])
  }

  @Test func aThousandOpenFinishCyclesLeaveNoLiveCoordinator() throws {
    let app = startApp()
    let link = try sample.parse("sample://settings/picker/folder")
    for cycle in 0..<1_000 {
      #expect(app.open(link))
      if cycle.isMultiple(of: 2) {
        while router.goBack() {}
      } else {
        _ = app.open(try sample.parse("sample://home"))
      }
    }
    #expect(router.screenNames == ["Home"])
    #expect(app.children.count == 1)
    #expect(leaks.count > 4_000)
    #expect(leaks.alive == ["Home screen"])
  }

  @Test func theRootFlowFinishingFinishesTheApp() {
    var appResult: CoordinatorResult<Void>?
    let app = startApp()
    app.onFinish = { appResult = $0 }
    app.home?.cancel()
    #expect(appResult != nil)
    #expect(app.children.isEmpty)
  }
}

/// A coordinator that pushes one screen named after itself and reports when it finishes.
@MainActor
private final class NestingCoordinator: BaseCoordinator<Void> {
  let name: String
  let router: any Routing
  init(name: String, router: any Routing, finished: @escaping (String) -> Void) {
    self.name = name
    self.router = router
    super.init()
    onFinish = { [name] _ in finished(name) }
  }

  override func start() {
    if router.stack.isEmpty {
      router.setRoot(
        TestScreen("root"), route: Route(screen: "root", segment: "root"), owner: BaseCoordinator<Void>())
    }
    router.push(TestScreen(name), route: Route(screen: name, segment: name), owner: self)
  }
}
