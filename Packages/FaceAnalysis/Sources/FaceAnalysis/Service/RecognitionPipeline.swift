import Foundation
import Media

/// A ``RecognitionSession`` that runs a source's ``RecognitionStages`` as a pipeline of two
/// threads and hands results to the screen's loop.
///
/// ```
/// reader thread ──(one waiting frame)──> recognition thread ──(one waiting result)──> loop
/// ```
///
/// The reader opens the source, reads its frames as its playback says (a still once, a slide
/// show's slides as ``SlideRequests`` asks, a stream paced by ``PlaybackPacer``) and closes it;
/// the recognition thread finds faces and emotions, and counts them; the loop draws. Each
/// ``HandOver`` holds at most one value. When a stage is slower than the one before it, the
/// newer frame replaces the waiting one and the older is counted as dropped
/// (``RecognitionPolicy/dropsFrames``), or the faster stage waits (line mode on a file, where
/// every frame is reported). Nothing queues without bound, so memory stays flat however long
/// the stream runs. The threads and jobs are ``SessionThreads``'; detector switches are the
/// ``DetectorSwitcher``'s, and saving the service's ``FrameSaving``.
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

  /// A recognised frame for the screen, with the count of the run up to it.
  private struct Shown: Sendable {
    var frame: RecognizedFrame
    var tally: RecognitionTally
  }

  private let threads = SessionThreads()
  private let pacer = PlaybackPacer()
  private let slides = SlideRequests()
  private let switcher: DetectorSwitcher
  private let toRecognize = HandOver<Work>()
  private let toShow = HandOver<Shown>()

  private let source: String
  private let requestedPolicy: RecognitionPolicy
  private let delivery: RecognitionDelivery
  private let open: @Sendable () throws -> any RecognitionStages
  private let saving: FrameSaving

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
    let slides = self.slides
    switcher = DetectorSwitcher(
      threads: threads, report: { event in Self.post(event, to: delivery) }, switched: { slides.redraw() })
  }

  /// Starts the reader thread, which opens the source and starts the recognition thread.
  func start() {
    threads.start(named: "emotions.reader") { [self] in runReader() }
  }

  /// Stops the threads and waits for them to end (``SessionThreads/waitForEnd()``): the frame
  /// in hand is finished and the reader closes the source. Nothing of the pipeline recognises
  /// after it, so the app can end.
  func stop() {
    requestStop()
    threads.waitForEnd()
  }

  /// Asks both threads to stop without waiting for them.
  private func requestStop() {
    threads.stop()
    pacer.stop()
    slides.stop()
    toRecognize.close()
    toShow.close()
  }

  func setPaused(_ value: Bool) { pacer.setPaused(value) }

  func showSlide(_ index: Int) { slides.show(index) }

  func save(_ frame: RecognizedFrame) {
    threads.jobStarted()
    saving.save(frame, source: source) { [self] event in
      if !threads.isStopped { post(event) }
      threads.jobEnded()
    }
  }

  func setDetector(_ kind: FaceDetectorKind) { switcher.request(kind) }

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
    post(.opened(summary: session.summary, playback: playback))
    post(.detector(session.detector))
    // Switches reach the stages only now, so that none is reported before the first detector.
    switcher.opened(session)
    threads.start(named: "emotions.recognition") { [self] in runRecognition(session, policy: policy) }

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
    while let wanted = slides.next() {
      do {
        toRecognize.give(.frame(try session.frame(at: wanted)), replacing: true)
      } catch {
        post(.slideFailed(index: wanted, message: "\(error)"))
      }
    }
    return .finished
  }

  private func readStream(
    _ session: any RecognitionStages, playback: Playback, policy: RecognitionPolicy
  ) -> Ending {
    var framesRead = 0
    while let skip = pacer.waitToRead(live: playback.isLive) {
      let frame: Frame?
      do {
        frame = try session.read()
      } catch {
        if threads.isStopped { return .finished }
        return playback.isCamera ? .lost("\(error)") : .failed("\(error)")
      }
      guard let frame else {
        if playback.isCamera, !threads.isStopped {
          return .lost("\(source): the camera stopped sending frames after \(framesRead)")
        }
        return .finished
      }
      framesRead += 1
      if policy.paces, playback.framesPerSecond != nil, let time = frame.time {
        guard pacer.waitUntilDue(frameTime: time, live: playback.isLive) else { return .finished }
      }
      if !skip { toRecognize.give(.frame(frame), replacing: policy.dropsFrames) }
    }
    return .finished
  }

  // MARK: - Recognition thread

  private func runRecognition(_ session: any RecognitionStages, policy: RecognitionPolicy) {
    var tally = RecognitionTally()
    while let work = toRecognize.take() {
      switch work {
      case .end(let ending):
        finish(ending, tally: tally)
        return
      case .frame(let frame):
        switch threads.recognizing({ Result { try session.recognize(frame) } }) {
        case .success(let recognized):
          tally.add(recognized)
          show(Shown(frame: recognized, tally: tally), dropping: policy.dropsFrames)
        case .failure(let error):
          if !threads.isStopped { post(.failed("\(frame.source): \(error)")) }
          requestStop()
          return
        }
      }
    }
  }

  /// Reports the end the reader passed down, unless the session was stopped.
  private func finish(_ ending: Ending, tally: RecognitionTally) {
    guard !threads.isStopped else { return }
    switch ending {
    case .finished:
      var final = tally
      final.dropped = droppedCount
      post(.finished(final))
    case .failed(let message): post(.failed(message))
    case .lost(let message): post(.sourceLost(message))
    }
  }

  /// Puts a result in the one slot the run loop takes from, posting a job only when the slot
  /// was empty; without dropping, waits until the loop took the previous one. The loop counts
  /// the frames dropped when it takes the result.
  private func show(_ result: Shown, dropping: Bool) {
    guard toShow.give(result, replacing: dropping) == true else { return }
    let (events, toShow, toRecognize) = (delivery.events, self.toShow, self.toRecognize)
    delivery.post {
      guard var shown = toShow.take(waits: false) else { return }
      shown.tally.dropped = toRecognize.replaced + toShow.replaced
      events(.frame(shown.frame, tally: shown.tally))
    }
  }

  private func post(_ event: RecognitionEvent) {
    Self.post(event, to: delivery)
  }

  /// Runs `delivery`'s receiver with `event` on its loop.
  private static func post(_ event: RecognitionEvent, to delivery: RecognitionDelivery) {
    let events = delivery.events
    delivery.post { events(event) }
  }
}
