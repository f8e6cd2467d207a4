import FaceAnalysisTesting
import System
import Testing

@testable import FaceAnalysis

/// Detector switches over scripted stages, alone: the order, a request made before the source
/// opens, a missing model, and nothing once stopped.
@Suite("Detector switcher")
struct DetectorSwitcherTests {
  /// A switcher over new threads, recording what it reports and how often it switched.
  struct Harness {
    let threads = SessionThreads(stopTimeout: 10)
    let reported = LockedValue<[String]>([])
    let switches = LockedValue(0)
    let switcher: DetectorSwitcher

    init() {
      let (reported, switches) = (reported, switches)
      switcher = DetectorSwitcher(
        threads: threads,
        report: { event in
          let line: String
          switch event {
          case .detector(let kind): line = "detector \(kind.rawValue)"
          case .detectorUnavailable(let kind, let message): line = "unavailable \(kind.rawValue): \(message)"
          default: line = "other"
          }
          reported.withLock { $0.append(line) }
        },
        switched: { switches.withLock { $0 += 1 } })
    }

    /// What was reported once every queued switch is done.
    func settled() -> [String] {
      threads.waitForEnd()
      return reported.withLock { $0 }
    }
  }

  @Test func aRequestBeforeTheSourceOpensIsMadeWhenItOpens() {
    let harness = Harness()
    let stages = FakeStages(name: "clip.mp4", frames: 0)
    harness.switcher.request(.blazeFace)
    #expect(harness.settled().isEmpty, "nothing to switch yet")
    harness.switcher.opened(stages)
    #expect(harness.settled() == ["detector blazeface"])
    #expect(stages.detector == .blazeFace && harness.switches.withLock { $0 } == 1)
  }

  @Test func aRequestForTheDetectorThatWillRunIsNoSwitch() {
    let harness = Harness()
    let stages = FakeStages(name: "clip.mp4", frames: 0)
    harness.switcher.request(.haar)
    harness.switcher.opened(stages)
    #expect(harness.settled().isEmpty)
    #expect(harness.switches.withLock { $0 } == 0)
  }

  @Test func switchesAreReportedInTheOrderAskedAndAMissingModelKeepsTheOld() {
    let harness = Harness()
    let stages = FakeStages(name: "clip.mp4", frames: 0, missingDetectors: [.blazeFaceShort])
    harness.switcher.opened(stages)
    harness.switcher.request(.blazeFace)
    harness.switcher.request(.blazeFaceShort)
    harness.switcher.request(.haar)
    #expect(
      harness.settled() == [
        "detector blazeface", "unavailable blazeface-short: no model for blazeface-short", "detector haar",
      ])
    #expect(stages.detector == .haar && harness.switches.withLock { $0 } == 2)
  }

  @Test func nothingSwitchesOnceTheSessionStopped() {
    let harness = Harness()
    let stages = FakeStages(name: "clip.mp4", frames: 0)
    harness.switcher.opened(stages)
    harness.threads.stop()
    harness.switcher.request(.blazeFace)
    #expect(harness.settled().isEmpty)
    #expect(stages.detector == .haar)
  }
}
