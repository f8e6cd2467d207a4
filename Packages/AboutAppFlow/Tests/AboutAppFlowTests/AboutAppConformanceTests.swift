import Navigation
import NavigationTesting
import Testing

@testable import AboutAppFlow

@MainActor
@Suite("About flow conformance")
struct AboutAppConformanceTests {
  /// What the user does to consent: Next through the documents, then Accept.
  static func consent(on router: TestRouter) {
    for _ in AboutAppCoordinator.documentOrder {
      guard let page = router.top(as: DocumentView.self) else { return }
      page.output.didChoose(page.actions.contains(.accept) ? .accept : .next)
    }
  }

  @Test func keepsThePluginContract() {
    let factory = AboutAppFlowFactory(
      environment: FlowEnvironment(
        host: HostApplication(name: "Test", version: "0", stateLocation: "/tmp/state")))
    let report = FlowConformance(factory, meetingRequirement: Self.consent).check()
    let conformant = report.isConformant
    #expect(conformant, "\(report)")
  }
}
