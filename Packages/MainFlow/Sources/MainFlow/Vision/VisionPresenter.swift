import FaceAnalysis
import TerminalUI

/// What the Vision view tells its presenter.
@MainActor
protocol VisionViewOutput: AnyObject {
  /// The view is about to be shown for the first time.
  func viewDidLoad()
  /// The user wants another source.
  func didRequestSource()
}

/// What the coordinator may ask of the Vision module.
@MainActor
protocol VisionModuleInput: AnyObject {
  /// Stops recognition, for example before the screen goes away.
  func stop()
}

/// Runs recognition on the source off the UI thread and shows each frame's faces and scores.
@MainActor
final class VisionPresenter: VisionViewOutput, VisionModuleInput {
  weak var view: (any VisionViewInput)?
  weak var output: (any VisionModuleOutput)?
  private let source: String
  private let labels: [String]
  private let scheduler: any LoopScheduling
  private let worker: RecognitionWorker
  private var summary = ""

  init(source: String, service: any RecognitionService, scheduler: any LoopScheduling) {
    self.source = source
    self.labels = service.labels
    self.scheduler = scheduler
    worker = RecognitionWorker(service: service, source: source)
  }

  deinit { worker.stop() }

  func viewDidLoad() {
    view?.showStatus("Opening \(source)…")
    worker.start(poster: scheduler.poster) { [weak self] event in self?.handle(event) }
  }

  func stop() { worker.stop() }

  func didRequestSource() { output?.visionDidRequestSource() }

  private func handle(_ event: RecognitionWorker.Event) {
    switch event {
    case .opened(let summary):
      self.summary = summary
      view?.showStatus(summary)
    case .frame(let frame, _):
      let largest = frame.faces.max { $0.box.width * $0.box.height < $1.box.width * $1.box.height }
      let image = TerminalUI.RGBImage(
        width: frame.image.width, height: frame.image.height, pixels: frame.image.pixels)
      view?.show(
        image: image, status: "\(summary) · frame \(frame.index + 1) · \(frame.faces.count) face(s)",
        faces: frame.faces.map { "\($0.box.description)  \($0.emotion) \(Self.percent($0.confidence))" },
        scores: largest.map { zip(labels, $0.scores).map { ($0, Double($1)) } } ?? [])
    case .finished(let tally):
      view?.showStatus("\(summary) · finished · \(tally.description(labels: labels))")
    case .failed(let message):
      view?.showError(message)
    }
  }

  static func percent(_ value: Float) -> String { "\(Int((value * 100).rounded()))%" }
}
