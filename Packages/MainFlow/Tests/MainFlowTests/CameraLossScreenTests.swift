import FaceAnalysisInterface
import FaceAnalysisTesting
import Foundation
import Navigation
import TerminalUI
import TerminalUITesting
import Testing

@testable import MainFlow

@MainActor
@Suite("A lost camera on screen")
struct CameraLossScreenTests {
  @Test(arguments: [Size(width: 80, height: 24), Size(width: 200, height: 60)])
  func thePickerSaysWhyItIsBack(size: Size) throws {
    let camera = FakeRecognitionService { name in
      FakeScript(
        name: name, frames: 100, playback: .live(framesPerSecond: 100, isCamera: true),
        failure: (after: 2, message: "/dev/video0: video decoding failed: No such device"))
    }
    let router = TerminalRouter(appName: "Emotions")
    let terminal = VirtualTerminal(router: router, size: size)
    let flow = MainFlowFactory(environment: .testing(service: camera, scheduler: terminal.app))
      .makeCoordinator(router: router)
    flow.start()
    #expect(flow.start(with: try link("emotions://vision?source=/dev/video0")))
    let deadline = ContinuousClock.now + .seconds(10)
    while router.stack.routes.map(\.screen) != ["Main", "SourcePicker"], ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.005)
      terminal.runPostedJobs()
    }
    #expect(router.stack.routes.map(\.screen) == ["Main", "SourcePicker"])
    // The reason comes first in the picker, wrapped to its box, above the usual text.
    let screen = terminal.screen
    #expect(screen.contains("│ The camera went away: /dev/video0: video decoding failed: No such"))
    #expect(screen.contains("│ device. Choose another source."))
    #expect(screen.contains("│ /dev/video0 "), "the camera is suggested again")
    router.close(flow)
  }
}
