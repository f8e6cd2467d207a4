import Navigation
import NavigationTesting
import Testing

@MainActor
@Suite("Flow conformance")
struct FlowConformanceTests {
  let environment = FlowEnvironment(host: HostApplication(name: "Test", version: "0"))

  /// The user accepts the sample's welcome screen.
  static func accept(on router: TestRouter) {
    (router.stack.top?.owner as? ConformingSampleCoordinator)?.accept()
  }

  @Test func aFlowThatKeepsTheContractPasses() {
    let report = FlowConformance(
      ConformingSampleFactory(environment: environment), meetingRequirement: Self.accept
    )
    .check(seed: 7, steps: 300)
    #expect(report.isConformant, "\(report)")
    #expect(report.routes == (4, 4) && report.linksOpened == 3 && report.walk.steps == 300, "\(report)")
  }

  @Test func aScreenUnderAnUndeclaredRouteIsNamedTheSameWayForTheSameSeed() {
    var factory = ConformingSampleFactory(environment: environment)
    factory.declaresWelcome = false
    let first = FlowConformance(factory, meetingRequirement: Self.accept).check(seed: 3)
    #expect(first.failures.map(\.check) == [.declaredRoutes], "\(first)")
    #expect(
      first.failures.first?.description
        == "[declared-routes] launch requirement welcome (link welcome): expected every screen under a declared "
        + "route (Settings (settings), Account (account), Picker (picker)); found Welcome (welcome) on the "
        + "stack [Welcome]")
    #expect(
      FlowConformance(factory, meetingRequirement: Self.accept).check(seed: 3).failures == first.failures)
  }

  @Test func theWalkFindsWhatOnlyARunningFlowDoesAndNamesItsSeedAndSteps() {
    var factory = ConformingSampleFactory(environment: environment)
    factory.reusesSettings = false
    let report = FlowConformance(factory, meetingRequirement: Self.accept).check(seed: 5)
    let failure = report.failures.first
    #expect(report.failures.count == 1 && failure?.check == .roundTrip, "\(report)")
    #expect(failure?.place.hasPrefix("random walk (seed 5), step ") == true, "\(report)")
    #expect(failure?.found.hasPrefix("canOpen(settings/") == true, "a stack with two Settings: \(report)")
  }

  @Test func aRequirementWithoutAWayToMeetItIsReported() {
    let report = FlowConformance(ConformingSampleFactory(environment: environment)).check(steps: 10)
    #expect(report.failures.map(\.check) == [.launchRequirement], "\(report)")
  }
}
