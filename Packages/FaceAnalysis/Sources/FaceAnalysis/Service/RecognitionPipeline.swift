import Foundation
import Media

/// A ``RecognitionSession`` that runs a source's ``RecognitionStages`` as a pipeline of two
/// threads and hands results to the screen's loop.
///
/// ```
/// reader thread ──(one waiting frame)──> recognition thread ──(one waiting result)──> loop
/// ```
///
/// The reader decodes frames and paces them to the source's ``PlaybackClock``; the
/// recognition thread finds faces and emotions; the loop draws. Each ``HandOver`` holds at
/// most one value. When a stage is slower than the one before it, the newer frame replaces the
/// waiting one and the older is counted as dropped (``RecognitionPolicy/dropsFrames``), or the
/// faster stage waits (line mode on a file, where every frame is reported). Nothing queues
/// without bound, so memory stays flat however long the stream runs. The stages are opened,
/// read and closed by the reader thread alone.
///
/// ``setDetector(_:)`` switches the stages' detector on a serial queue of its own, so that a
/// model is loaded off the caller's thread and switches happen in the order asked; a request
/// made before the source opens waits for it. Saving is the service's (`save`).
final class RecognitionPipeline: RecognitionSession, Sendable {
  /// The end of the reader's work, passed down the pipeline after the last frame.
  private enum Ending: Sendable {
    case finished
    case failed(String)
    case lost(String)
  }

  /// What the reader hands the recognition thread: a frame, or the end.
  private enum Work: Sendable {
    case frame(Frame)
    case end(Ending)
  }

  /// What the threads and callers share, only under `control`'s lock.
  private struct State: Sendable {
    var stopped = false
    /// Threads and jobs of this session that have not ended yet.
    var running = 0
    /// Whether the recognition thread is inside a frame's recognition.
    var recognizing = false
    var clock = PlaybackClock()
    var requestedSlide = 0
    /// Bumped after each detector switch, so that a slide show shows its slide again.
    var slideRedraws = 0
    /// The stages, once opened, for detector switches.
    var openStages: (any RecognitionStages)?
    /// A detector asked for before the source opened.
    var detectorBeforeOpening: FaceDetectorKind?
  }

  private let control = ConditionGuarded(State())
  private let toRecognize = HandOver<Work>()
  private let toShow = HandOver<RecognizedFrame>()

  private let source: String
  private let requestedPolicy: RecognitionPolicy
  private let delivery: RecognitionDelivery
  private let open: @Sendable () throws -> any RecognitionStages
  private let saving: FrameSaving
  private let switcher = DispatchQueue(label: "emotions.detector")

  /// Creates the pipeline; nothing runs before ``start()``.
  ///
  /// - Parameters:
  ///   - open: opens the source's stages, on the reader thread.
  ///   - saving: the service's saving of the frames ``save(_:)`` is given.
  init(
    source: String, policy: RecognitionPolicy, delivery: RecognitionDelivery, saving: FrameSaving,
    open: @escaping @Sendable () throws -> any RecognitionStages
  ) {
    self.source = source
    self.requestedPolicy = policy
    self.delivery = delivery
    self.saving = saving
    self.open = open
  }

  /// How long ``stop()`` waits for the threads: a frame being read, a frame being saved, and
  /// the source's closing, take far less; a source stuck in a read is left behind.
  static let stopTimeout: TimeInterval = 2

  /// How long ``stop()`` waits at most for a frame's recognition under way, however long it
  /// takes (a huge photo through the Haar cascade can take longer than ``stopTimeout``): an app
  /// that ends during it would free OpenBLAS's buffers under the thread.
  static let recognitionStopLimit: TimeInterval = 60

  /// Starts the reader thread, which opens the source and starts the recognition thread.
  func start() {
    startThread(named: "emotions.reader") { [self] in runReader() }
  }

  /// Stops the threads and waits for them to end (at most ``stopTimeout``, longer while a
  /// frame is being recognised): the frame in hand is finished and the reader closes the
  /// source. Nothing of the pipeline recognises after it, so the app can end.
  func stop() {
    requestStop()
    let started = Date()
    let deadline = started.addingTimeInterval(Self.stopTimeout)
    let limit = started.addingTimeInterval(Self.recognitionStopLimit)
    control.wait { state in
      let now = Date()
      if state.running == 0 || now >= limit || (now >= deadline && !state.recognizing) { return .done(()) }
      return .wait(until: state.recognizing ? limit : deadline)
    }
  }

  /// Asks both threads to stop without waiting for them.
  private func requestStop() {
    control.locked { $0.stopped = true }
    toRecognize.close()
    toShow.close()
  }

  func setPaused(_ value: Bool) {
    control.locked { $0.clock.setPaused(value, at: Date()) }
  }

  func showSlide(_ index: Int) {
    control.locked { $0.requestedSlide = index }
  }

  func save(_ frame: RecognizedFrame) {
    control.locked { $0.running += 1 }
    saving.save(frame, source: source) { [self] event in
      if !isStopped { post(event) }
      control.locked { $0.running -= 1 }
    }
  }

  func setDetector(_ kind: FaceDetectorKind) {
    let stages: (any RecognitionStages)? = control.locked { state in
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
    control.locked { $0.running += 1 }
    switcher.async { [self] in
      defer { control.locked { $0.running -= 1 } }
      guard !isStopped else { return }
      let event: RecognitionEvent
      do {
        try stages.useDetector(kind)
        event = .detector(kind)
        control.locked { $0.slideRedraws += 1 }
      } catch {
        event = .detectorUnavailable(kind, message: "\(error)")
      }
      if !isStopped { post(event) }
    }
  }

  /// How many frames were dropped so far, waiting for recognition or for the screen.
  var droppedCount: Int { toRecognize.replaced + toShow.replaced }

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
    let asked: FaceDetectorKind? = control.locked { state in
      state.openStages = session
      defer { state.detectorBeforeOpening = nil }
      return state.detectorBeforeOpening
    }
    if let asked, asked != detector { switchDetector(of: session, to: asked) }
    startThread(named: "emotions.recognition") { [self] in runRecognition(session, policy: policy) }

    let end: Ending
    switch playback {
    case .slideShow: end = readSlides(session)
    case .still: end = readStill(session)
    case .video, .live: end = readStream(session, playback: playback, policy: policy)
    }
    toRecognize.give(.end(end), replacing: false)
    session.close()
  }

  private func readStill(_ session: any RecognitionStages) -> Ending {
    do {
      guard let frame = try session.read() else { return .failed("\(source): no picture") }
      toRecognize.give(.frame(frame), replacing: false)
      return .finished
    } catch {
      return .failed("\(error)")
    }
  }

  private func readSlides(_ session: any RecognitionStages) -> Ending {
    var shown: Int?
    var redraws = 0
    while true {
      let wanted: Int? = control.wait { state in
        if state.stopped { return .done(nil) }
        guard state.requestedSlide != shown || state.slideRedraws != redraws else { return .wait(until: nil) }
        redraws = state.slideRedraws
        return .done(state.requestedSlide)
      }
      guard let wanted else { return .finished }
      shown = wanted
      do {
        toRecognize.give(.frame(try session.frame(at: wanted)), replacing: true)
      } catch {
        post(.slideFailed(index: wanted, message: "\(error)"))
      }
    }
  }

  private func readStream(
    _ session: any RecognitionStages, playback: Playback, policy: RecognitionPolicy
  ) -> Ending {
    var framesRead = 0
    while true {
      // A paused file waits; a live source keeps being read and its frames are skipped.
      let skip: Bool? = control.wait { state in
        if state.stopped { return .done(nil) }
        return state.clock.isPaused && !playback.isLive ? .wait(until: nil) : .done(state.clock.isPaused)
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
        let due = control.locked { $0.clock.due(atFrameTime: time, now: Date()) }
        guard waitUntil(due, honouringPause: !playback.isLive) else { return .finished }
      }
      if !skip { toRecognize.give(.frame(frame), replacing: policy.dropsFrames) }
    }
  }

  /// Waits for `due`, plus the time spent paused when `honouringPause` (a file's clock stops
  /// while paused; a live source's does not); `false` when stopped meanwhile.
  private func waitUntil(_ due: Date, honouringPause: Bool) -> Bool {
    control.wait { state in
      if state.stopped { return .done(false) }
      let target = state.clock.target(due, honouringPause: honouringPause)
      if honouringPause && state.clock.isPaused { return .wait(until: Date().addingTimeInterval(0.1)) }
      return Date() < target ? .wait(until: target) : .done(true)
    }
  }

  // MARK: - Recognition thread

  private func runRecognition(_ session: any RecognitionStages, policy: RecognitionPolicy) {
    var tally = RecognitionTally()
    while let work = toRecognize.take() {
      switch work {
      case .end(let ending):
        guard !isStopped else { return }
        switch ending {
        case .finished:
          tally.dropped = droppedCount
          let final = tally
          post(.finished(final))
        case .failed(let message): post(.failed(message))
        case .lost(let message): post(.sourceLost(message))
        }
        return
      case .frame(let frame):
        control.locked { $0.recognizing = true }
        let result = Result { try session.recognize(frame) }
        control.locked { $0.recognizing = false }
        switch result {
        case .success(let recognized):
          tally.add(recognized)
          show(recognized, dropping: policy.dropsFrames)
        case .failure(let error):
          if !isStopped { post(.failed("\(frame.source): \(error)")) }
          requestStop()
          return
        }
      }
    }
  }

  /// Puts a result in the one slot the run loop takes from, posting a job only when the slot
  /// was empty; without dropping, waits until the loop took the previous one.
  private func show(_ frame: RecognizedFrame, dropping: Bool) {
    guard toShow.give(frame, replacing: dropping) == true else { return }
    let (events, toShow, toRecognize) = (delivery.events, self.toShow, self.toRecognize)
    delivery.post {
      if let frame = toShow.take(waits: false) {
        events(.frame(frame, dropped: toRecognize.replaced + toShow.replaced))
      }
    }
  }

  // MARK: - Helpers

  private var isStopped: Bool { control.wait { .done($0.stopped) } }

  /// Runs `body` on a thread of its own, counted until it ends.
  private func startThread(named name: String, _ body: @escaping @Sendable () -> Void) {
    control.locked { $0.running += 1 }
    let thread = Thread { [self] in
      body()
      control.locked { $0.running -= 1 }
    }
    thread.name = name
    thread.start()
  }

  private func post(_ event: RecognitionEvent) {
    let events = delivery.events
    delivery.post { events(event) }
  }
}
