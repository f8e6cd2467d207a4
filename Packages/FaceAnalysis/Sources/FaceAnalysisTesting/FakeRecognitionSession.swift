import FaceAnalysisInterface
import Foundation

/// A session of ``FakeRecognitionService``: one thread plays its ``FakeScript`` through the
/// delivery (opened, its detector, each frame at its time, then the ending), pausing when
/// asked, showing the slides asked for, switching detectors as the script allows, and
/// recording what it was asked.
public final class FakeRecognitionSession: RecognitionSession, @unchecked Sendable {
  /// The source it plays.
  public let source: String
  /// The policy it was started with.
  public let policy: RecognitionPolicy
  private let script: FakeScript
  private let delivery: RecognitionDelivery
  private let condition = NSCondition()
  private var paused = false
  private var stopped = false
  private var running = false
  private var slide: Int?
  private var pauses: [Bool] = []
  private var slides: [Int] = []
  private var saves: [RecognizedFrame] = []
  private var detectors: [FaceDetectorKind] = []
  private var detector: FaceDetectorKind
  private var slideRedraws = 0
  private var sent = 0

  init(source: String, script: FakeScript, policy: RecognitionPolicy, delivery: RecognitionDelivery) {
    self.source = source
    self.script = script
    self.policy = policy
    self.delivery = delivery
    detector = script.detector
  }

  /// Every ``setPaused(_:)`` value, in order.
  public var pauseRequests: [Bool] { locked { pauses } }
  /// Every ``showSlide(_:)`` index, in order.
  public var slidesAsked: [Int] { locked { slides } }
  /// The frames ``save(_:)`` was given.
  public var savedFrames: [RecognizedFrame] { locked { saves } }
  /// Every ``setDetector(_:)`` kind, in order.
  public var detectorRequests: [FaceDetectorKind] { locked { detectors } }
  /// The detector running now.
  public var currentDetector: FaceDetectorKind { locked { detector } }
  /// Frames delivered so far.
  public var framesSent: Int { locked { sent } }
  /// Whether ``stop()`` was called.
  public var isStopped: Bool { locked { stopped } }

  func start() {
    locked { running = true }
    let thread = Thread { [self] in
      play()
      locked { running = false }
    }
    thread.name = "fake recognition"
    thread.start()
  }

  /// Records the request; a paused session sends no frame until resumed.
  public func setPaused(_ value: Bool) {
    locked {
      pauses.append(value)
      paused = value
    }
  }

  /// Records the request and sends the slide.
  public func showSlide(_ index: Int) {
    locked {
      slides.append(index)
      slide = index
    }
  }

  /// Records the frame and reports the script's ``FakeScript/save`` result.
  public func save(_ frame: RecognizedFrame) {
    locked { saves.append(frame) }
    switch script.save(frame) {
    case .success(let path): post(.saved(path: path))
    case .failure(let failure): post(.saveFailed(failure.description))
    }
  }

  /// Records the request, then switches and reports the new detector (a slide show sends its
  /// slide again), or reports the script's ``FakeScript/unavailableDetectors`` message and
  /// keeps the old one.
  public func setDetector(_ kind: FaceDetectorKind) {
    let unavailable: String? = locked {
      detectors.append(kind)
      if let message = script.unavailableDetectors[kind] { return message }
      detector = kind
      slideRedraws += 1
      return nil
    }
    post(unavailable.map { .detectorUnavailable(kind, message: $0) } ?? .detector(kind))
  }

  /// Stops the playing thread and waits for it (two seconds at most).
  public func stop() {
    let deadline = Date().addingTimeInterval(2)
    condition.lock()
    stopped = true
    condition.broadcast()
    while running, condition.wait(until: deadline) {}
    condition.unlock()
  }

  private func play() {
    if let reason = script.openFailure {
      post(.failed(reason))
      return
    }
    post(.opened(summary: script.summary, playback: script.playback))
    post(.detector(locked { detector }))
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
      let go: Bool = locked {
        while !stopped && (paused || Date() < due) {
          _ = condition.wait(until: paused ? Date().addingTimeInterval(0.01) : due)
        }
        return !stopped
      }
      guard go else { return }
      tally.add(frame)
      locked { sent += 1 }
      post(.frame(frame, dropped: 0))
    }
    post(.finished(tally))
  }

  private func playSlides() {
    var shown: Int?
    var redraws = 0
    while true {
      let wanted: Int? = locked {
        while !stopped && (slide ?? 0) == shown && slideRedraws == redraws { condition.wait() }
        redraws = slideRedraws
        return stopped ? nil : slide ?? 0
      }
      guard let wanted else { return }
      shown = wanted
      locked { sent += 1 }
      post(.frame(script.frame(wanted), dropped: 0))
    }
  }

  private func post(_ event: RecognitionEvent) {
    let events = delivery.events
    delivery.post { events(event) }
  }

  private func locked<T>(_ body: () -> T) -> T {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return body()
  }
}
