import Navigation

/// A router with no terminal, for coordinator tests: the same ``StackRouter`` logic the app
/// runs, plus a record of every stack it went through and every event it sent.
///
/// ```swift
/// let router = TestRouter()
/// coordinator.start()
/// #expect(router.screenNames == ["Main", "AboutApp"])
/// ```
@MainActor
public final class TestRouter: StackRouter {
  /// The module names of the stack after each change, oldest first.
  public private(set) var history: [[String]] = []

  /// Every navigation event, oldest first, written as `will push home -> home/detail`.
  public private(set) var events: [String] = []

  /// Creates an empty router.
  public override init() {
    super.init()
    observeChanges { [weak self] event in self?.events.append(event.description) }
  }

  /// The module names on the stack now, bottom first.
  public var screenNames: [String] { stack.routes.map(\.screen) }

  /// The screens on the stack now, bottom first.
  public var screens: [any Presentable] { stack.entries.map(\.screen) }

  /// The top screen, cast to the type a test expects.
  public func top<Screen>(as type: Screen.Type = Screen.self) -> Screen? {
    stack.top?.screen as? Screen
  }

  public override func stackDidChange(from oldStack: RouteStack) {
    history.append(screenNames)
  }
}
