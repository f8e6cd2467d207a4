import Foundation
import Media

/// A ``RecognitionSession`` that runs a source's ``RecognitionStages`` as a pipeline of two
/// threads and hands results to the screen's loop.
///
/// ```
/// reader thread ──(one waiting frame)──> recognition thread ──(one waiting result)──> loop
/// ```
///
/// The reader decodes frames and paces them to the source's frame rate; the recognition thread
/// finds faces and emotions; the loop draws. Each hand-over holds at most one frame. When a
/// stage is slower than the one before it, the newer frame replaces the waiting one and the
/// older is counted as dropped (``RecognitionPolicy/dropsFrames``), or the faster stage waits
/// (line mode on a file, where every frame is reported). Nothing queues without bound, so
/// memory stays flat however long the stream runs. The stages are opened, read and closed by
/// the reader thread alone.
///
/// ``setDetector(_:)`` switches the stages' detector on a serial queue of its own, so that a
/// model is loaded off the caller's thread and switches happen in the order asked; a request
/// made before the source opens waits for it.
final class RecognitionPipeline: RecognitionSession, Sendable {
  /// The end of the reader's work, passed down the pipeline after the last frame.
  private enum Ending {
    case finished
    case failed(String)
    case lost(String)
  }

  /// What the threads share, guarded by `condition`.
  private struct State: Sendable {
    var stopped = false
    /// Reader and recognition threads that have not ended yet.
    var runningThreads = 0
    var paused = false
    var pausedSince: Date?
    var pausedTotal: TimeInterval = 0
    var requestedSlide = 0
    /// Bumped after each detector switch, so that a slide show shows its slide again.
    var slideRedraws = 0
    /// The stages, once opened, for detector switches.
    var openStages: (any RecognitionStages)?
    /// A detector asked for before the source opened.
    var detectorBeforeOpening: FaceDetectorKind?
    var toRecognize: Frame?
    var ending: Ending?
  }

  /// The result waiting for the loop and the drop count. Posted jobs hold this, not the
  /// pipeline, so that a job the loop never runs keeps nothing else alive.
  private struct Outbox: Sendable {
    var frame: RecognizedFrame?
    var dropped = 0
  }

  private let shared: ConditionGuarded<State>
  private let outbox: ConditionGuarded<Outbox>
  private var state: State {
    get { shared.value }
    set { shared.value = newValue }
  }
  private var toShow: RecognizedFrame? {
    get { outbox.value.frame }
    set { outbox.value.frame = newValue }
  }
  private var dropped: Int {
    get { outbox.value.dropped }
    set { outbox.value.dropped = newValue }
  }
  private var condition: NSCondition { shared.condition }

  private let source: String
  private let requestedPolicy: RecognitionPolicy
  private let delivery: RecognitionDelivery
  private let open: @Sendable () throws -> any RecognitionStages
  private let saver: FrameSaver
  private let switcher = DispatchQueue(label: "emotions.detector")

  /// Creates the pipeline; nothing runs before ``start()``.
  ///
  /// - Parameters:
  ///   - open: opens the source's stages, on the reader thread.
  ///   - saver: writes the frames ``save(_:)`` is given.
  init(
    source: String, policy: RecognitionPolicy, delivery: RecognitionDelivery, saver: FrameSaver,
    open: @escaping @Sendable () throws -> any RecognitionStages
  ) {
    self.source = source
    self.requestedPolicy = policy
    self.delivery = delivery
    self.saver = saver
    self.open = open
    shared = ConditionGuarded(State())
    outbox = ConditionGuarded(Outbox(), sharing: shared.condition)
  }

  /// How long ``stop()`` waits for the threads: a frame being read or recognised, a frame
  /// being saved, and the source's closing, take far less; a source stuck in a read is left
  /// behind.
  static let stopTimeout: TimeInterval = 2

  /// Starts the reader thread, which opens the source and starts the recognition thread.
  func start() {
    locked { state.runningThreads += 1 }
    let reader = Thread { [self] in
      runReader()
      locked { state.runningThreads -= 1 }
    }
    reader.name = "emotions.reader"
    reader.start()
  }

  /// Stops the threads and waits for them to end (at most ``stopTimeout``): the frame in hand
  /// is finished and the reader closes the source. Nothing of the pipeline runs after it, so
  /// the app can end without a thread still recognising.
  func stop() {
    requestStop()
    let deadline = Date().addingTimeInterval(Self.stopTimeout)
    condition.lock()
    while state.runningThreads > 0, condition.wait(until: deadline) {}
    condition.unlock()
  }

  /// Asks both threads to stop without waiting for them.
  private func requestStop() {
    locked { state.stopped = true }
  }

  func setPaused(_ value: Bool) {
    locked {
      guard state.paused != value else { return }
      state.paused = value
      if value {
        state.pausedSince = Date()
      } else if let since = state.pausedSince {
        state.pausedTotal += Date().timeIntervalSince(since)
        state.pausedSince = nil
      }
    }
  }

  func showSlide(_ index: Int) {
    locked { state.requestedSlide = index }
  }

  func save(_ frame: RecognizedFrame) {
    let (saver, source) = (self.saver, self.source)
    locked { state.runningThreads += 1 }
    let thread = Thread { [self] in
      let event: RecognitionEvent
      do {
        event = .saved(path: try saver.save(frame, source: source))
      } catch {
        event = .saveFailed("\(error)")
      }
      if !isStopped { post(event) }
      locked { state.runningThreads -= 1 }
    }
    thread.name = "emotions.save"
    thread.start()
  }

  func setDetector(_ kind: FaceDetectorKind) {
    let stages: (any RecognitionStages)? = locked {
      guard !state.stopped else { return nil }
      guard let openStages = state.openStages else {
        state.detectorBeforeOpening = kind
        return nil
      }
      return openStages
    }
    if let stages { switchDetector(of: stages, to: kind) }
  }

  /// Queues a switch of `stages` to `kind` on the switcher; `stop()` waits for it.
  private func switchDetector(of stages: any RecognitionStages, to kind: FaceDetectorKind) {
    locked { state.runningThreads += 1 }
    switcher.async { [self] in
      defer { locked { state.runningThreads -= 1 } }
      guard !isStopped else { return }
      let event: RecognitionEvent
      do {
        try stages.useDetector(kind)
        event = .detector(kind)
        locked { state.slideRedraws += 1 }
      } catch {
        event = .detectorUnavailable(kind, message: "\(error)")
      }
      if !isStopped { post(event) }
    }
  }

  /// How many frames were dropped so far.
  var droppedCount: Int { locked { dropped } }

  // MARK: - Reader thread

  private func runReader() {
    let session: any RecognitionStages
    do {
      session = try open()
    } catch {
      post(.failed("\(error)"))
      return
    }
    let playback = session.playback
    let policy = requestedPolicy.adjusted(for: playback)
    let detector = session.detector
    post(.opened(summary: session.summary, playback: playback))
    post(.detector(detector))
    // Switches reach the stages only now, so that none is reported before the first detector.
    let asked: FaceDetectorKind? = locked {
      state.openStages = session
      defer { state.detectorBeforeOpening = nil }
      return state.detectorBeforeOpening
    }
    if let asked, asked != detector { switchDetector(of: session, to: asked) }
    locked { state.runningThreads += 1 }
    let recognition = Thread { [self] in
      runRecognition(session, policy: policy)
      locked { state.runningThreads -= 1 }
    }
    recognition.name = "emotions.recognition"
    recognition.start()

    let end: Ending
    switch playback {
    case .slideShow: end = readSlides(session)
    case .still: end = readStill(session)
    case .video, .live: end = readStream(session, playback: playback, policy: policy)
    }
    locked { state.ending = end }
    session.close()
  }

  private func readStill(_ session: any RecognitionStages) -> Ending {
    do {
      guard let frame = try session.read() else { return .failed("\(source): no picture") }
      pass(frame, dropping: false)
      return .finished
    } catch {
      return .failed("\(error)")
    }
  }

  private func readSlides(_ session: any RecognitionStages) -> Ending {
    var shown: Int?
    var redraws = 0
    while true {
      let wanted: Int? = locked {
        while !state.stopped && state.requestedSlide == shown && state.slideRedraws == redraws {
          condition.wait()
        }
        redraws = state.slideRedraws
        return state.stopped ? nil : state.requestedSlide
      }
      guard let wanted else { return .finished }
      shown = wanted
      do {
        pass(try session.frame(at: wanted), dropping: true)
      } catch {
        post(.slideFailed(index: wanted, message: "\(error)"))
      }
    }
  }

  private func readStream(
    _ session: any RecognitionStages, playback: Playback, policy: RecognitionPolicy
  ) -> Ending {
    var clockStart: Date?
    var framesRead = 0
    while true {
      // A paused file waits; a live source keeps being read and its frames are skipped.
      let skip: Bool? = locked {
        while state.paused && !playback.isLive && !state.stopped { condition.wait() }
        return state.stopped ? nil : state.paused
      }
      guard let skip else { return .finished }
      let frame: Frame?
      do {
        frame = try session.read()
      } catch {
        if isStopped { return .finished }
        return playback.isCamera ? .lost("\(error)") : .failed("\(error)")
      }
      guard let frame else {
        if playback.isCamera, !isStopped {
          return .lost("\(source): the camera stopped sending frames after \(framesRead)")
        }
        return .finished
      }
      framesRead += 1
      if policy.paces, playback.framesPerSecond != nil, let time = frame.time {
        let start = clockStart ?? Date().addingTimeInterval(-time)
        clockStart = start
        guard waitUntil(start.addingTimeInterval(time), honouringPause: !playback.isLive) else {
          return .finished
        }
      }
      if !skip { pass(frame, dropping: policy.dropsFrames) }
    }
  }

  /// Waits for `due`, plus the time spent paused when `honouringPause` (a file's clock stops
  /// while paused; a live source's does not); `false` when stopped meanwhile.
  private func waitUntil(_ due: Date, honouringPause: Bool) -> Bool {
    locked {
      while !state.stopped {
        let target = honouringPause ? due.addingTimeInterval(state.pausedTotal) : due
        let isPaused = honouringPause && state.paused
        if isPaused || Date() < target {
          _ = condition.wait(until: isPaused ? Date().addingTimeInterval(0.1) : target)
        } else {
          return true
        }
      }
      return false
    }
  }

  /// Hands a frame to the recognition thread: replacing a waiting one when dropping, or
  /// waiting for the slot to empty.
  private func pass(_ frame: Frame, dropping: Bool) {
    locked {
      if !dropping {
        while state.toRecognize != nil && !state.stopped { condition.wait() }
      } else if state.toRecognize != nil {
        dropped += 1
      }
      state.toRecognize = frame
    }
  }

  // MARK: - Recognition thread

  private func runRecognition(_ session: any RecognitionStages, policy: RecognitionPolicy) {
    var tally = RecognitionTally()
    while true {
      let next: (frame: Frame?, ending: Ending?) = locked {
        while state.toRecognize == nil && state.ending == nil && !state.stopped { condition.wait() }
        if state.stopped { return (nil, .finished) }
        if let frame = state.toRecognize {
          state.toRecognize = nil
          return (frame, nil)
        }
        return (nil, state.ending)
      }
      guard let frame = next.frame else {
        guard !isStopped else { return }
        switch next.ending ?? .finished {
        case .finished:
          tally.dropped = droppedCount
          let final = tally
          post(.finished(final))
        case .failed(let message): post(.failed(message))
        case .lost(let message): post(.sourceLost(message))
        }
        return
      }
      do {
        let recognized = try session.recognize(frame)
        tally.add(recognized)
        show(recognized, dropping: policy.dropsFrames)
      } catch {
        if !isStopped { post(.failed("\(frame.source): \(error)")) }
        requestStop()
        return
      }
    }
  }

  /// Puts a result in the single slot the run loop takes from, posting a job only when the
  /// slot was empty; without dropping, waits until the loop took the previous one.
  private func show(_ frame: RecognizedFrame, dropping: Bool) {
    let slotWasEmpty: Bool = locked {
      if !dropping {
        while toShow != nil && !state.stopped { condition.wait() }
      }
      let empty = toShow == nil
      if !empty { dropped += 1 }
      toShow = frame
      return empty
    }
    guard slotWasEmpty else { return }
    let events = delivery.events
    delivery.post { [outbox] in
      let taken: (frame: RecognizedFrame?, dropped: Int) = outbox.locked {
        defer { outbox.value.frame = nil }
        return (outbox.value.frame, outbox.value.dropped)
      }
      if let frame = taken.frame { events(.frame(frame, dropped: taken.dropped)) }
    }
  }

  // MARK: - Helpers

  private var isStopped: Bool { locked { state.stopped } }

  private func post(_ event: RecognitionEvent) {
    let events = delivery.events
    delivery.post { events(event) }
  }

  /// Runs `body` under the lock and wakes every waiting thread after it.
  private func locked<T>(_ body: () -> T) -> T { shared.locked(body) }
}
