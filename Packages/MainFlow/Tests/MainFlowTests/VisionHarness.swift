import FaceAnalysisInterface
import FaceAnalysisTesting
import Foundation
import Navigation
import TerminalUI
import TerminalUITesting
import Testing

@testable import MainFlow

/// Owns the screens a Vision test shows.
@MainActor
final class ScreenOwner: BaseCoordinator<Void> {}

/// Records what the Vision module tells its coordinator.
@MainActor
final class VisionOutputRecorder: VisionModuleOutput {
  var requests: [String] = []
  func visionDidRequestSource() { requests.append("picker") }
  func visionDidLoseSource(_ message: String) { requests.append("lost: \(message)") }
}

/// The Vision module on a virtual terminal, with a fake service.
@MainActor
final class VisionHarness {
  let router = TerminalRouter()
  let terminal: VirtualTerminal
  let owner = ScreenOwner()
  let output = VisionOutputRecorder()
  let view: VisionView
  let input: any VisionModuleInput
  let service: FakeRecognitionService

  init(
    service: FakeRecognitionService, source: String = "clip.mp4", size: Size = Size(width: 80, height: 24),
    mode: TerminalApp.Mode = .fullScreen, environment: [String: String] = ["TERM": "xterm-256color"],
    graphics: VirtualGraphics? = nil
  ) throws {
    self.service = service
    terminal = VirtualTerminal(
      router: router, size: size, mode: mode, environment: environment, graphics: graphics ?? .none)
    if graphics != nil { terminal.app.graphicsSupport = GraphicsSupport(preference: .auto) }
    let module = VisionConfigurator.make(
      source: source, service: service, scheduler: terminal.app, output: output)
    view = try #require(module.screen as? VisionView)
    input = module.input
    // Pushed over a root, as in the app, so that the router offers Esc.
    router.setRoot(LabelScreen(), route: MainRoutes.main, owner: owner)
    router.push(view, route: MainRoutes.vision, owner: owner)
  }

  /// Runs the loop's posted jobs until `condition` holds, for at most `limit`.
  @discardableResult
  func pump(limit: Duration = .seconds(20), until condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      terminal.runPostedJobs()
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.002)
    }
    return false
  }

  /// Runs the loop until the source has finished.
  @discardableResult
  func playToTheEnd() -> Bool { pump { view.status.contains("finished") } }

  /// Stops recognition so that no thread outlives the test.
  func close() {
    input.stop()
    router.close(owner)
  }
}

/// A view output that ignores everything.
@MainActor
final class SilentOutput: VisionViewOutput {
  func viewDidLoad() {}
  func didTogglePause() {}
  func didRequestSave() {}
  func didStep(by offset: Int) {}
  func didRequestNextDetector() {}
  func didRequestSource() {}
}
