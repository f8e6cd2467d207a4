import Navigation
import NavigationTesting
import Testing

@MainActor
@Suite("Navigation events and reveals")
struct NavigationEventTests {
  let router = TestRouter()
  let leaks = LeakTracker()

  @Test func everyChangeIsAWillAndADidWithTheStacksLinks() {
    let app = SampleAppCoordinator(router: router, leaks: leaks)
    app.start()
    app.openSettings()
    app.settings?.showPicker()
    router.goBack()
    router.goBack()
    #expect(
      router.events == [
        "will set-root - -> home", "did set-root - -> home",
        "will push home -> settings", "did push home -> settings",
        "will present settings -> settings/picker", "did present settings -> settings/picker",
        "will back settings/picker -> settings", "did back settings/picker -> settings",
        "will back settings -> home", "did back settings -> home",
      ])
  }

  @Test func anOperationThatChangesNothingSendsNothing() {
    let app = SampleAppCoordinator(router: router, leaks: leaks)
    app.start()
    let before = router.events
    router.pop()
    router.dismiss()
    router.popToRoot()
    #expect(!router.goBack())
    #expect(router.events == before)
  }

  @Test func aChangeMadeWhileACoordinatorFinishesComesAfterTheChangeThatFinishedIt() {
    let app = SampleAppCoordinator(router: router, leaks: leaks)
    app.start()
    let closer = ClosingCoordinator(router: router)
    app.addChild(closer) { [weak router] _ in router?.push(TestScreen("After"), route: .after, owner: closer)
    }
    closer.start()
    router.goBack()
    #expect(
      Array(router.events.suffix(4)) == [
        "will back closer -> home", "did back closer -> home",
        "will push home -> after", "did push home -> after",
      ])
  }

  @Test func theOwnerOfAScreenThatComesBackOnTopIsToldOnce() {
    let owner = RevealCounter(router: router)
    owner.start()
    owner.showMore()
    owner.showMore()
    #expect(owner.reveals.isEmpty, "pushing reveals nothing")
    router.goBack()
    #expect(owner.reveals == ["More 1"])
    router.popToRoot()
    #expect(owner.reveals == ["More 1", "Root"])
    router.setRoot(TestScreen("Other"), route: .after, owner: owner)
    #expect(owner.reveals == ["More 1", "Root"], "a new root is not a screen coming back")
  }
}

extension Route {
  fileprivate static let after = Route(screen: "After", segment: "after")
  fileprivate static let closer = Route(screen: "Closer", segment: "closer")
  fileprivate static let more = Route(screen: "More", segment: "more")
}

/// Pushes one screen; leaving it finishes the coordinator.
@MainActor
private final class ClosingCoordinator: BaseCoordinator<Void> {
  let router: any Routing
  init(router: any Routing) { self.router = router }
  override func start() { router.push(TestScreen("Closer"), route: .closer, owner: self) }
}

/// Shows a root and pushes numbered screens; records the titles of the screens revealed.
@MainActor
private final class RevealCounter: BaseCoordinator<Void> {
  let router: any Routing
  private(set) var reveals: [String] = []
  private var count = 0
  init(router: any Routing) { self.router = router }
  override func start() { router.setRoot(TestScreen("Root"), route: .more, owner: self) }
  func showMore() {
    count += 1
    router.push(TestScreen("More \(count)"), route: .more, owner: self)
  }
  override func routerDidReveal(_ screen: any Presentable) { reveals.append(screen.title) }
}
