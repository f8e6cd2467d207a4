import FaceAnalysisInterface
import Foundation

/// What the Vision screen knows, and how each ``VisionAction`` changes it: a pure reducer,
/// with the time passed in, so it is tested without threads or clocks.
struct VisionState: Sendable {
  /// The source as the user gave it.
  let source: String
  /// What is being read, once opened.
  var summary = ""
  /// How the source plays, once opened.
  var playback: Playback?
  /// The frame shown.
  var frame: RecognizedFrame?
  /// Whether the user paused.
  var isPaused = false
  /// Whether the source has ended, failed or gone away.
  var hasEnded = false
  /// What the status says once the source has ended or failed, under any passing notice.
  var ending: (text: String, tone: VisionTone)?
  /// The slide shown and how many there are, for a folder.
  var slide: (index: Int, count: Int)?
  /// The largest face's recent scores, for a stream whose faces are not followed as people.
  var history = ScoreHistory()
  /// The people of a stream, with their steady emotions and recent scores.
  var people = PeopleHistory()
  /// When recent frames were shown, in seconds, for frames shown per second.
  var shownAt: [Double] = []
  /// A passing notice in the status line.
  var notice: (text: String, tone: VisionTone)?
  /// What the run has counted so far: the session's count of every frame recognised up to the
  /// last frame delivered, or to the end (frames dropped included). Counted by the session
  /// alone; the screen keeps its latest.
  var tally = RecognitionTally()
  /// The face detector the session runs, once it says.
  var detector: FaceDetectorKind?
  /// The detector last asked for with `d`, until the session runs it or says it cannot.
  var requestedDetector: FaceDetectorKind?

  /// The state before the source opens.
  init(source: String) {
    self.source = source
  }

  /// Whether the source is a picture or a slide show, where frames per second mean nothing.
  var isStill: Bool {
    switch playback {
    case .still, .slideShow, nil: return true
    case .video, .live: return false
    }
  }

  /// Whether space pauses: a video or a live source that has not ended.
  var canPause: Bool { !isStill && !hasEnded }

  /// Whether `d` switches the detector: the session has said which runs, and is still
  /// recognising (a slide show until it is left; a video or a live source until it ends).
  var canSwitchDetector: Bool { detector != nil && !hasEnded }

  /// What `d` switches to: the detector after the one running, or after the one asked for.
  var nextDetector: FaceDetectorKind? { (requestedDetector ?? detector)?.next }

  /// Applies `action` at `now` (seconds on a monotonic clock) and returns what the presenter
  /// must do besides showing the new state.
  mutating func reduce(_ action: VisionAction, now: Double) -> [VisionEffect] {
    switch action {
    case .recognition(let event): return reduce(event, now: now)
    case .togglePause:
      guard canPause else { return [] }
      isPaused.toggle()
      if !isPaused { shownAt.removeAll() }
      notice = nil
      return [.setPaused(isPaused)]
    case .step(let offset):
      guard let current = slide, current.count > 0 else { return [] }
      let index = min(max(0, current.index + offset), current.count - 1)
      notice = nil
      guard index != current.index else {
        return show(
          notice: index == 0 ? "This is the first image." : "This is the last image.", tone: .notice)
      }
      slide = (index, current.count)
      return [.showSlide(index)]
    case .save:
      guard let frame else { return [] }
      return show(notice: "Saving frame \(frame.index)…", tone: .notice) + [.save(frame)]
    case .nextDetector:
      guard canSwitchDetector, let next = nextDetector else { return [] }
      requestedDetector = next
      return show(notice: "Switching to \(next.displayName)…", tone: .notice) + [.setDetector(next)]
    case .noticeExpired:
      notice = nil
      return []
    }
  }

  private mutating func reduce(_ event: RecognitionEvent, now: Double) -> [VisionEffect] {
    switch event {
    case .opened(let summary, let playback):
      self.summary = summary
      self.playback = playback
      if case .slideShow(let count) = playback { slide = (0, count) }
      return []
    case .detector(let kind):
      let isSwitch = detector != nil
      detector = kind
      if requestedDetector == kind { requestedDetector = nil }
      let report = VisionEffect.report("detector: \(kind.displayName)")
      guard isSwitch else { return [report] }
      return [report] + show(notice: "Finding faces with \(kind.displayName)", tone: .notice)
    case .detectorUnavailable(let kind, let message):
      if requestedDetector == kind { requestedDetector = nil }
      let text = "Cannot use \(kind.displayName): \(message)"
      return [.report("error: \(text)")] + show(notice: text, tone: .error)
    case .frame(let frame, let tally):
      self.tally = tally
      let report = playback.map { [VisionEffect.report(VisionReport.line(for: frame, playback: $0))] } ?? []
      guard !isPaused else { return report }
      self.frame = frame
      shownAt.append(now)
      shownAt.removeAll { $0 < now - 2 }
      if !isStill {
        history.add(time: frame.time, scores: frame.largestFace?.scores)
        people.add(frame)
      }
      return report
    case .slideFailed(let index, let message):
      guard slide?.index == index else { return [] }
      frame = nil
      return show(notice: message, tone: .error)
    case .finished(let tally):
      hasEnded = true
      isPaused = false
      self.tally = tally
      ending = ("finished · \(tally.description)", .normal)
      return [.report(VisionReport.summary(tally))]
    case .failed(let message):
      hasEnded = true
      ending = (message, .error)
      return [.report("error: \(message)")]
    case .sourceLost(let message):
      hasEnded = true
      let text = "The camera went away: \(message). Choose another source."
      ending = (text, .error)
      return [.report("error: \(text)"), .sourceLost(text)]
    case .saved(let path):
      return [.report("saved \(path)")] + show(notice: "Saved the frame to \(path)", tone: .notice)
    case .saveFailed(let message):
      return [.report("error: cannot save the frame: \(message)")]
        + show(notice: "Cannot save the frame: \(message)", tone: .error)
    }
  }

  private mutating func show(notice text: String, tone: VisionTone) -> [VisionEffect] {
    notice = (text, tone)
    return [.expireNotice]
  }
}
