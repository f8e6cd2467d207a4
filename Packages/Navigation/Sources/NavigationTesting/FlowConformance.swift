import Navigation

/// Checks that a flow keeps the plugin contract, from its factory's own declarations, on
/// ``TestRouter``s: one test a flow team runs in its own package.
///
/// ```swift
/// @Test func keepsThePluginContract() {
///   let report = FlowConformance(SettingsFlowFactory(environment: .init(host: .init(name: "Test", version: "0"))))
///     .check()
///   #expect(report.isConformant, "\(report)")
/// }
/// ```
///
/// Each link opens as the app opens it: on a new coordinator made by the factory, a child of a
/// host whose root screen stands for the app's home screen (a home flow replaces it with its
/// own root), and the launch requirement on an empty stack. The checks, each a
/// ``ConformanceCheck``:
/// - every example link opens (`canOpen`, then `start(with:)` shows the flow's screens);
/// - the link its stack writes reopens an equal stack, which writes the same link;
/// - every screen shown has a declared route, and every declared route is shown;
/// - the back key at any depth finishes the flow exactly once, after which no coordinator,
///   screen or presenter it made is alive (weak references);
/// - `restorableLink(for:)` opens and reopens an equal stack;
/// - a link it does not own is refused by `canOpen` and by the running flow, untouched stack;
/// - the launch requirement opens on an empty stack, completes when met and cancels when left.
///
/// Then a random walk, seeded so that a failure replays: backs, pushes, the flow's links and
/// mutations of them, checking after each step that the stack's link round-trips and that
/// nothing which left is alive.
@MainActor
public struct FlowConformance {
  /// The factory under test, made from a test ``FlowEnvironment``.
  public let factory: any FlowFactory
  /// What the user does to meet the launch requirement, given the router showing its screens.
  public let meetRequirement: (@MainActor (TestRouter) -> Void)?

  /// Prepares the checks of `factory`.
  ///
  /// - Parameter meetingRequirement: for a flow with a launch requirement, what the user does
  ///   on its screens to meet it (the kit cannot press a flow's buttons); `nil` otherwise.
  public init(_ factory: any FlowFactory, meetingRequirement: (@MainActor (TestRouter) -> Void)? = nil) {
    self.factory = factory
    meetRequirement = meetingRequirement
  }

  /// Runs every check, then a random walk of `steps` steps from `seed`.
  public func check(seed: UInt64 = 1, steps: Int = 200) -> ConformanceReport {
    let checker = ConformanceChecker(factory: factory, meetRequirement: meetRequirement)
    checker.checkExampleLinks()
    checker.checkLaunchRequirement()
    checker.walk(seed: seed, steps: steps)
    checker.checkReachableRoutes()
    return checker.report(seed: seed)
  }
}
