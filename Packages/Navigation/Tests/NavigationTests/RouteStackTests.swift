import Navigation
import NavigationTesting
import Testing

@MainActor
@Suite("Route stack operations")
struct RouteStackTests {
  let router = TestRouter()
  let owner = BaseCoordinator<Void>()

  func route(_ name: String) -> Route { Route(screen: name, segment: name.lowercased()) }

  /// Shows screens named by the letters: push unless the letter is lowercase (modal).
  @discardableResult
  func show(_ names: String...) -> [TestScreen] {
    names.map { name in
      let screen = TestScreen(name)
      if router.stack.isEmpty {
        router.setRoot(screen, route: route(name), owner: owner)
      } else if name.first?.isLowercase == true {
        router.present(screen, route: route(name), owner: owner)
      } else {
        router.push(screen, route: route(name), owner: owner)
      }
      return screen
    }
  }

  var styles: [PresentationStyle] { router.stack.entries.map(\.style) }

  @Test func pushAndPop() {
    show("A", "B", "C")
    #expect(router.screenNames == ["A", "B", "C"])
    #expect(styles == [.root, .push, .push])
    router.pop()
    #expect(router.screenNames == ["A", "B"])
    router.pop()
    router.pop()
    #expect(router.screenNames == ["A"], "the root is never popped")
    #expect(
      router.history == [["A"], ["A", "B"], ["A", "B", "C"], ["A", "B"], ["A"]],
      "a pop at the root changes nothing")
  }

  @Test func setRootReplacesEverything() {
    show("A", "B", "m")
    let root = TestScreen("R")
    router.setRoot(root, route: route("R"), owner: owner)
    #expect(router.screenNames == ["R"])
    #expect(styles == [.root])
  }

  @Test func presentHostsItsOwnPushesAndDismissesAsAWhole() {
    show("A", "B", "m", "C", "D")
    #expect(styles == [.root, .push, .modal, .push, .push])
    router.pop()
    #expect(router.screenNames == ["A", "B", "m", "C"])
    router.dismiss()
    #expect(router.screenNames == ["A", "B"])
    router.dismiss()
    #expect(router.screenNames == ["A", "B"], "dismiss without a modal does nothing")
  }

  @Test func popDoesNotRemoveAModal() {
    show("A", "m")
    router.pop()
    #expect(router.screenNames == ["A", "m"])
  }

  @Test func popToRootStopsAtTheTopContext() {
    show("A", "B", "C", "m", "D", "E")
    router.popToRoot()
    #expect(router.screenNames == ["A", "B", "C", "m"])
    router.dismiss()
    router.popToRoot()
    #expect(router.screenNames == ["A"])
  }

  @Test func popToAScreen() {
    let screens = show("A", "B", "m", "C")
    router.pop(to: screens[1])
    #expect(router.screenNames == ["A", "B"])
    router.pop(to: TestScreen("not on the stack"))
    #expect(router.screenNames == ["A", "B"])
  }

  @Test func backPopsThenDismissesThenStopsAtRoot() {
    show("A", "B", "m", "C")
    var results: [Bool] = []
    var stacks: [[String]] = []
    for _ in 0..<4 {
      results.append(router.goBack())
      stacks.append(router.screenNames)
    }
    #expect(results == [true, true, true, false])
    #expect(stacks == [["A", "B", "m"], ["A", "B"], ["A"], ["A"]])
  }

  @Test func closeRemovesAnOwnersEntriesAndAbove() {
    show("A", "B")
    let other = BaseCoordinator<Void>()
    router.push(TestScreen("C"), route: route("C"), owner: other)
    router.push(TestScreen("D"), route: route("D"), owner: other)
    router.close(other)
    #expect(router.screenNames == ["A", "B"])
  }

  @Test func writesTheStackAsALink() throws {
    #expect(router.stack.deepLink == nil)
    show("A")
    #expect(router.stack.deepLink?.description == "a")
    show("B", "m")
    #expect(router.stack.deepLink?.description == "b/m")
  }
}
