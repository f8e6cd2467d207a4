import FaceAnalysis
import Foundation
import TerminalUI

/// What the Vision view tells its presenter.
@MainActor
protocol VisionViewOutput: AnyObject {
  /// The view is about to be shown for the first time.
  func viewDidLoad()
  /// Space: pause or resume.
  func didTogglePause()
  /// `s`: save the frame shown, with its boxes and labels, as a PNG.
  func didRequestSave()
  /// ← or →: the previous or next image of a folder.
  func didStep(by offset: Int)
  /// Esc: the user wants another source.
  func didRequestSource()
}

/// What the coordinator may ask of the Vision module.
@MainActor
protocol VisionModuleInput: AnyObject {
  /// Stops recognition, for example before the screen goes away.
  func stop()
}

/// Runs recognition on the source off the UI thread (``RecognitionWorker``) and turns each
/// frame into what the screen shows: the picture with labelled boxes, the largest face's
/// scores and trend, frames shown per second and recognition times; in line mode, one line
/// per frame and a summary.
@MainActor
final class VisionPresenter: VisionViewOutput, VisionModuleInput {
  weak var view: (any VisionViewInput)?
  weak var output: (any VisionModuleOutput)?
  private let source: String
  private let labels: [String]
  private let service: any RecognitionService
  private let scheduler: any LoopScheduling
  private let saver: any FrameSaving
  private let clock: @Sendable () -> Double
  private var worker: RecognitionWorker?

  private var summary = ""
  private var playback: Playback?
  private var frame: RecognizedFrame?
  private var model = VisionViewModel()
  private var isPaused = false
  private var hasEnded = false
  /// What the status says once the source has ended or failed, under any passing notice.
  private var ending: (text: String, tone: VisionViewModel.Tone)?
  private var dropped = 0
  private var slide: (index: Int, count: Int)?
  private var history = ScoreHistory()
  private var shownAt: [Double] = []
  private var notice: (text: String, tone: VisionViewModel.Tone)?
  private var noticeTimer: ScheduledTimer?

  /// - Parameters:
  ///   - saver: writes `s` snapshots; off the UI thread.
  ///   - clock: seconds on a monotonic clock, for frames shown per second.
  init(
    source: String, service: any RecognitionService, scheduler: any LoopScheduling,
    saver: any FrameSaving = PNGFrameSaver(),
    clock: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
  ) {
    self.source = source
    self.labels = service.labels
    self.service = service
    self.scheduler = scheduler
    self.saver = saver
    self.clock = clock
  }

  deinit { worker?.stop() }

  // MARK: - View output

  func viewDidLoad() {
    model.status = "Opening \(source)…"
    view?.show(model)
    let policy: RecognitionWorker.Policy = scheduler.mode == .line ? .everyFrame : .realTime
    let worker = RecognitionWorker(
      service: service, source: source, policy: policy, poster: scheduler.poster
    ) { [weak self] event in self?.handle(event) }
    self.worker = worker
    worker.start()
  }

  func stop() { worker?.stop() }

  func didTogglePause() {
    guard canPause else { return }
    isPaused.toggle()
    worker?.setPaused(isPaused)
    if !isPaused { shownAt.removeAll() }
    clearNotice()
    refresh()
  }

  func didStep(by offset: Int) {
    guard let current = slide, current.count > 0 else { return }
    let index = min(max(0, current.index + offset), current.count - 1)
    clearNotice()
    guard index != current.index else {
      show(notice: index == 0 ? "This is the first image." : "This is the last image.", tone: .notice)
      return
    }
    slide = (index, current.count)
    worker?.showSlide(index)
    refresh()
  }

  func didRequestSave() {
    guard let frame else { return }
    let saver = self.saver
    let source = self.source
    let poster = scheduler.poster
    show(notice: "Saving frame \(frame.index)…", tone: .notice)
    Thread.detachNewThread { [weak self] in
      let result = Result { try saver.save(frame, source: source) }
      poster.post { self?.didSave(result) }
    }
  }

  func didRequestSource() {
    worker?.stop()
    output?.visionDidRequestSource()
  }

  // MARK: - Worker events

  private func handle(_ event: RecognitionWorker.Event) {
    switch event {
    case .opened(let summary, let playback):
      self.summary = summary
      self.playback = playback
      if case .slideShow(let count) = playback { slide = (0, count) }
      refresh()
    case .frame(let frame, let dropped):
      self.dropped = dropped
      if let playback { view?.report(VisionReport.line(for: frame, playback: playback)) }
      guard !isPaused else { return }
      show(frame)
    case .slideFailed(let index, let message):
      guard slide?.index == index else { return }
      frame = nil
      show(notice: message, tone: .error)
    case .finished(var tally):
      hasEnded = true
      isPaused = false
      tally.dropped = max(tally.dropped, dropped)
      ending = ("finished · \(tally.description(labels: labels))", .normal)
      view?.report(VisionReport.summary(tally, labels: labels))
      refresh()
    case .failed(let message):
      hasEnded = true
      ending = (message, .error)
      view?.report("error: \(message)")
      refresh()
    case .sourceLost(let message):
      hasEnded = true
      let text = "The camera went away: \(message). Choose another source."
      ending = (text, .error)
      view?.report("error: \(text)")
      refresh()
      output?.visionDidLoseSource(text)
    }
  }

  private func show(_ frame: RecognizedFrame) {
    self.frame = frame
    let now = clock()
    shownAt.append(now)
    shownAt.removeAll { $0 < now - 2 }
    if !isStill {
      history.add(time: frame.time, scores: frame.largestFace?.scores)
    }
    refresh()
  }

  // MARK: - The model

  /// Whether the source is a picture or a slide show, where frames per second mean nothing.
  private var isStill: Bool {
    switch playback {
    case .still, .slideShow, nil: return true
    case .video, .live: return false
    }
  }

  /// Whether space pauses: a video or a live source that has not ended.
  private var canPause: Bool { !isStill && !hasEnded }

  /// Rebuilds the view model from the state and shows it.
  private func refresh() {
    var model = VisionViewModel()
    model.source = summary
    model.isPaused = isPaused
    model.isMoving = playback != nil && !isStill
    model.canPause = canPause
    model.canSave = frame != nil
    model.slide = slide
    if let frame {
      model.image = TerminalUI.RGBImage(
        width: frame.image.width, height: frame.image.height, pixels: frame.image.pixels)
      model.boxes = frame.faces.map { face in
        ImageView.Box(
          x: face.box.x, y: face.box.y, width: face.box.width, height: face.box.height,
          label: "\(face.emotion) \(VisionReport.percent(face.confidence))",
          color: EmotionPalette.color(of: face.emotion))
      }
      model.faces = frame.faces.map(VisionReport.describe)
      if let largest = frame.largestFace {
        model.scoreTitle = "Largest face: \(largest.emotion) \(VisionReport.percent(largest.confidence))"
        model.scores = zip(labels, largest.scores).map { BarChart.Entry($0, Double($1)) }
        if !history.samples.isEmpty {
          model.trend = VisionViewModel.Trend(
            label: largest.emotion, values: history.values(of: largest.topIndex))
        }
      } else {
        model.scoreTitle = "No face in this frame"
      }
      model.details = details(of: frame)
    } else {
      model.scoreTitle = ""
    }
    model.status = ending?.text ?? playingStatus
    model.tone = ending?.tone ?? .normal
    if let notice {
      model.status = notice.text
      model.tone = notice.tone
    }
    self.model = model
    view?.show(model)
  }

  private var playingStatus: String {
    guard playback != nil else { return "Opening \(source)…" }
    if let slide {
      let name = frame.map { " · " + ($0.name as NSString).lastPathComponent } ?? ""
      return "\(summary) · image \(slide.index + 1) of \(slide.count)\(name)"
    }
    guard let frame else { return "\(summary) · waiting for the first frame" }
    if case .still = playback { return "\(summary) · \(frame.faces.count) face(s)" }
    return "\(summary) · \(isPaused ? "paused at frame" : "frame") \(frame.index)"
  }

  /// `faces.mp4 · 640x360 · 9.8 fps · detect 45 ms · classify 12 ms · 3 dropped`.
  private func details(of frame: RecognizedFrame) -> String {
    var parts = [(frame.name as NSString).lastPathComponent, "\(frame.image.width)x\(frame.image.height)"]
    if !isStill, shownAt.count >= 2, let first = shownAt.first, let last = shownAt.last, last > first {
      parts.append(String(format: "%.1f fps", Double(shownAt.count - 1) / (last - first)))
    }
    parts.append("detect \(Self.milliseconds(frame.detectionSeconds))")
    parts.append("classify \(Self.milliseconds(frame.classificationSeconds))")
    if dropped > 0 { parts.append("\(dropped) dropped") }
    return parts.joined(separator: " · ")
  }

  private static func milliseconds(_ seconds: Double) -> String { "\(Int((seconds * 1000).rounded())) ms" }

  // MARK: - Notices

  /// Shows a notice in the status line for a few seconds (or until the next key).
  private func show(notice text: String, tone: VisionViewModel.Tone) {
    notice = (text, tone)
    noticeTimer?.cancel()
    noticeTimer = scheduler.schedule(after: .seconds(5)) { [weak self] in self?.clearNotice(refreshing: true)
    }
    refresh()
  }

  private func clearNotice(refreshing: Bool = false) {
    guard notice != nil else { return }
    notice = nil
    noticeTimer?.cancel()
    noticeTimer = nil
    if refreshing { refresh() }
  }

  private func didSave(_ result: Result<String, any Error>) {
    switch result {
    case .success(let path):
      view?.report("saved \(path)")
      show(notice: "Saved the frame to \(path)", tone: .notice)
    case .failure(let error):
      view?.report("error: cannot save the frame: \(error)")
      show(notice: "Cannot save the frame: \(error)", tone: .error)
    }
  }
}
