import FaceAnalysisInterface
import FaceAnalysisTesting
import Foundation
import Navigation
import NavigationTesting
import TerminalUI
import TerminalUITesting
import Testing

@testable import MainFlow

/// `d` on the Vision screen, through the whole flow with a fake session: the key asks the
/// running session for the next detector, the screen names the one that runs, a detector
/// that cannot load is one line and the old one stays, and nothing outlives the flow.
@MainActor
@Suite("Vision detector switch")
struct VisionDetectorTests {
  /// A video long enough to switch detectors while it plays.
  nonisolated static func longVideo(_ name: String) -> FakeScript {
    FakeScript(name: name, frames: 100_000, playback: .video(framesPerSecond: 200))
  }

  /// Runs the loop until `condition` holds, for at most `limit`.
  @discardableResult
  func pump(_ terminal: VirtualTerminal, limit: Duration = .seconds(10), until condition: () -> Bool) -> Bool
  {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      terminal.runPostedJobs()
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.002)
    }
    return false
  }

  @Test func dSwitchesTheRunningSessionToTheNextDetectorAndTheScreenSaysSo() throws {
    let leaks = LeakTracker()
    let service = FakeRecognitionService { Self.longVideo($0) }
    do {
      let router = TerminalRouter(appName: "Emotions")
      let terminal = VirtualTerminal(router: router, size: Size(width: 100, height: 30))
      let flow = MainFlowFactory(environment: .testing(service: service, scheduler: terminal.app))
        .makeCoordinator(router: router)
      leaks.track(flow, "MainCoordinator")
      flow.start()
      #expect(flow.start(with: try link("emotions://vision?source=clip.mp4")))
      let view = try #require(router.stack.entries.last?.screen as? VisionView)
      leaks.track(view, "VisionView")
      leaks.track(view.output, "VisionPresenter")
      if let section = (flow as? MainCoordinator)?.children.first {
        leaks.track(section, "VisionCoordinator")
      }

      #expect(pump(terminal) { view.model.detector == "Haar cascade" && view.status.contains("· frame") })
      #expect(view.keyHints.contains(KeyHint("d", "detector")))
      #expect(terminal.screenLines[29].contains("d detector"), "the footer lists the key")
      #expect(terminal.screenLines[26].contains(" · Haar cascade · detect "), "\(terminal.screenLines[26])")

      terminal.press(.character("d"))
      let session = try #require(service.sessions.first)
      #expect(session.detectorRequests == [.blazeFace])
      #expect(pump(terminal) { view.model.detector == "BlazeFace (full range)" })
      #expect(view.status == "Finding faces with BlazeFace (full range)")
      #expect(pump(terminal) { terminal.screenLines[26].contains(" · BlazeFace (full range) · detect ") })
      #expect(service.sessions.count == 1, "the source is not reopened")
      #expect(!session.isStopped)

      terminal.press(.character("d"))
      #expect(pump(terminal) { view.model.detector == "BlazeFace (short range)" })
      #expect(session.detectorRequests == [.blazeFace, .blazeFaceShort])
      router.close(flow)
      #expect(session.isStopped, "closing the flow stops the session")
    }
    #expect(leaks.alive.isEmpty)
  }

  @Test func aDetectorThatCannotLoadIsOneLineAndTheOldOneKeepsRunning() throws {
    let message = "face_detection_full_range.tflite not found: run Tools/setup"
    let service = FakeRecognitionService { name in
      var script = Self.longVideo(name)
      script.unavailableDetectors = [.blazeFace: message]
      return script
    }
    let harness = try VisionHarness(service: service)
    defer { harness.close() }
    #expect(harness.pump { harness.view.model.detector == "Haar cascade" })
    harness.terminal.press(.character("d"))
    #expect(harness.pump { harness.view.model.tone == .error })
    #expect(harness.view.status == "Cannot use BlazeFace (full range): \(message)")
    #expect(
      harness.terminal.screen.contains("✗ Cannot use BlazeFace (full range): face_detection_full_range"))
    #expect(harness.view.model.detector == "Haar cascade")
    let session = try #require(harness.service.sessions.first)
    #expect(session.currentDetector == .haar)
    let frames = session.framesSent
    #expect(harness.pump { session.framesSent > frames }, "the video plays on")
    // The next d asks for the same detector again: the model may be there now.
    harness.terminal.press(.character("d"))
    #expect(session.detectorRequests == [.blazeFace, .blazeFace])
  }

  @Test func lineModeOffersTheNextDetectorAndReportsIt() throws {
    let service = FakeRecognitionService { Self.longVideo($0) }
    let harness = try VisionHarness(service: service, mode: .line)
    defer { harness.close() }
    // The report line comes before or after the first page, as the loop runs the jobs.
    #expect(harness.pump { ("\n" + harness.terminal.transcript).contains("\ndetector: Haar cascade\n") })
    harness.terminal.enter("")  // prints the page again
    #expect(harness.terminal.transcript.contains("  4. Find faces with BlazeFace (full range)\n"))
    harness.terminal.enter("4")
    #expect(harness.pump { harness.terminal.transcript.contains("\ndetector: BlazeFace (full range)\n") })
    #expect(harness.service.sessions.first?.detectorRequests == [.blazeFace])
  }
}
