import FaceAnalysisInterface
import Foundation
import System

/// A session of ``FakeRecognitionService``: one thread plays its ``FakeScript`` through the
/// delivery (opened, its detector, each frame at its time, then the ending), pausing when
/// asked, showing the slides asked for, switching detectors as the script allows, and
/// recording what it was asked.
public final class FakeRecognitionSession: RecognitionSession, Sendable {
  /// The source it plays.
  public let source: String
  /// The policy it was started with.
  public let policy: RecognitionPolicy
  private let script: FakeScript
  private let delivery: RecognitionDelivery
  private let state: LockedValue<State>
  /// Signalled after each request, so the playing thread looks at the state again.
  private let wake = DispatchSemaphore(value: 0)
  /// Signalled when the playing thread ends.
  private let ended = DispatchSemaphore(value: 0)

  /// What the requests set and what the session records.
  private struct State {
    var paused = false
    var stopped = false
    var running = false
    var slide: Int?
    var pauses: [Bool] = []
    var slides: [Int] = []
    var saves: [RecognizedFrame] = []
    var detectors: [FaceDetectorKind] = []
    var detector: FaceDetectorKind
    var slideRedraws = 0
    var sent = 0
  }

  init(source: String, script: FakeScript, policy: RecognitionPolicy, delivery: RecognitionDelivery) {
    self.source = source
    self.script = script
    self.policy = policy
    self.delivery = delivery
    state = LockedValue(State(detector: script.detector))
  }

  /// Every ``setPaused(_:)`` value, in order.
  public var pauseRequests: [Bool] { state.withLock { $0.pauses } }
  /// Every ``showSlide(_:)`` index, in order.
  public var slidesAsked: [Int] { state.withLock { $0.slides } }
  /// The frames ``save(_:)`` was given.
  public var savedFrames: [RecognizedFrame] { state.withLock { $0.saves } }
  /// Every ``setDetector(_:)`` kind, in order.
  public var detectorRequests: [FaceDetectorKind] { state.withLock { $0.detectors } }
  /// The detector running now.
  public var currentDetector: FaceDetectorKind { state.withLock { $0.detector } }
  /// Frames delivered so far.
  public var framesSent: Int { state.withLock { $0.sent } }
  /// Whether ``stop()`` was called.
  public var isStopped: Bool { state.withLock { $0.stopped } }

  func start() {
    state.withLock { $0.running = true }
    let thread = Thread { [self] in
      play()
      state.withLock { $0.running = false }
      ended.signal()
    }
    thread.name = "fake recognition"
    thread.start()
  }

  /// Records the request; a paused session sends no frame until resumed.
  public func setPaused(_ value: Bool) {
    state.withLock {
      $0.pauses.append(value)
      $0.paused = value
    }
    wake.signal()
  }

  /// Records the request and sends the slide.
  public func showSlide(_ index: Int) {
    state.withLock {
      $0.slides.append(index)
      $0.slide = index
    }
    wake.signal()
  }

  /// Records the frame and reports the script's ``FakeScript/save`` result.
  public func save(_ frame: RecognizedFrame) {
    state.withLock { $0.saves.append(frame) }
    switch script.save(frame) {
    case .success(let path): post(.saved(path: path))
    case .failure(let failure): post(.saveFailed(failure.description))
    }
  }

  /// Records the request, then switches and reports the new detector (a slide show sends its
  /// slide again), or reports the script's ``FakeScript/unavailableDetectors`` message and
  /// keeps the old one.
  public func setDetector(_ kind: FaceDetectorKind) {
    let unavailable: String? = state.withLock { state in
      state.detectors.append(kind)
      if let message = script.unavailableDetectors[kind] { return message }
      state.detector = kind
      state.slideRedraws += 1
      return nil
    }
    wake.signal()
    post(unavailable.map { .detectorUnavailable(kind, message: $0) } ?? .detector(kind))
  }

  /// Stops the playing thread and waits for it (two seconds at most).
  public func stop() {
    let deadline = DispatchTime.now() + 2
    let running = state.withLock {
      $0.stopped = true
      return $0.running
    }
    wake.signal()
    // The thread signals once as it ends; a waiter passes that on to any other caller of stop.
    if running, ended.wait(timeout: deadline) == .success { ended.signal() }
  }

  private func play() {
    if let reason = script.openFailure {
      post(.failed(reason))
      return
    }
    post(.opened(summary: script.summary, playback: script.playback))
    post(.detector(state.withLock { $0.detector }))
    if case .slideShow = script.playback {
      playSlides()
      return
    }
    var tally = RecognitionTally()
    let started = Date()
    for index in 0..<script.frameCount {
      if let failure = script.failure, index >= failure.after {
        post(script.playback.isCamera ? .sourceLost(failure.message) : .failed(failure.message))
        return
      }
      let frame = script.frame(index)
      let due = started.addingTimeInterval(script.playback.framesPerSecond.map { Double(index) / $0 } ?? 0)
      guard waitForTurn(due: due) else { return }
      tally.add(frame)
      state.withLock { $0.sent += 1 }
      post(.frame(frame, tally: tally))
    }
    post(.finished(tally))
  }

  /// Waits while the session is paused or `due` is ahead; false once it is stopped.
  private func waitForTurn(due: Date) -> Bool {
    while true {
      let (stopped, paused) = state.withLock { ($0.stopped, $0.paused) }
      if stopped { return false }
      if !paused && Date() >= due { return true }
      let seconds = paused ? 0.01 : due.timeIntervalSinceNow
      _ = wake.wait(timeout: .now() + max(seconds, 0))
    }
  }

  private func playSlides() {
    var shown: Int?
    var redraws = 0
    var tally = RecognitionTally()
    while true {
      let (stopped, wanted, asked) = state.withLock { ($0.stopped, $0.slide ?? 0, $0.slideRedraws) }
      if stopped { return }
      guard wanted != shown || asked != redraws else {
        wake.wait()
        continue
      }
      shown = wanted
      redraws = asked
      let frame = script.frame(wanted)
      tally.add(frame)
      state.withLock { $0.sent += 1 }
      post(.frame(frame, tally: tally))
    }
  }

  private func post(_ event: RecognitionEvent) {
    let events = delivery.events
    delivery.post { events(event) }
  }
}
