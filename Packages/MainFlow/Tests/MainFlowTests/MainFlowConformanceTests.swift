import FaceAnalysisTesting
import Navigation
import NavigationTesting
import TerminalUI
import TerminalUITesting
import Testing

@testable import MainFlow

@MainActor
@Suite("Main flow conformance")
struct MainFlowConformanceTests {
  @Test func keepsThePluginContract() {
    let loop = VirtualTerminal(router: TerminalRouter(), size: Size(width: 80, height: 24), mode: .line)
    let factory = MainFlowFactory(
      environment: .testing(service: FakeRecognitionService(), scheduler: loop.app))
    let report = FlowConformance(factory).check()
    let conformant = report.isConformant
    #expect(conformant, "\(report)")
  }
}
