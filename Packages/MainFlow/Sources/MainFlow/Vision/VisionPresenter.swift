import FaceAnalysisInterface
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
  /// `d`: find faces with the next detector.
  func didRequestNextDetector()
  /// Esc: the user wants another source.
  func didRequestSource()
}

/// What the coordinator may ask of the Vision module.
@MainActor
protocol VisionModuleInput: AnyObject {
  /// Stops recognition, for example before the screen goes away.
  func stop()
  /// What the run has counted so far.
  var tally: RecognitionTally { get }
}

/// Wires the Vision module: starts a recognition session on the source, folds each event and
/// each request into the ``VisionState`` and shows its view model; in line mode every frame
/// is reported as a line, then a summary.
@MainActor
final class VisionPresenter: VisionViewOutput, VisionModuleInput {
  weak var view: (any VisionViewInput)?
  weak var output: (any VisionModuleOutput)?
  private let service: any RecognitionService
  private let scheduler: any LoopScheduling
  private let clock: @Sendable () -> Double
  private var session: (any RecognitionSession)?
  private var state: VisionState
  private var noticeTimer: ScheduledTimer?

  /// How long a notice stays in the status line.
  static let noticeDuration = Duration.seconds(5)

  /// - Parameter clock: seconds on a monotonic clock, for frames shown per second.
  init(
    source: String, service: any RecognitionService, scheduler: any LoopScheduling,
    clock: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
  ) {
    self.service = service
    self.scheduler = scheduler
    self.clock = clock
    state = VisionState(source: source)
  }

  deinit { session?.stop() }

  // MARK: - View output

  func viewDidLoad() {
    view?.show(VisionViewModelBuilder.model(for: state))
    let poster = scheduler.poster
    let delivery = RecognitionDelivery(
      post: { job in poster.post(job) },
      events: { [weak self] event in self?.dispatch(.recognition(event)) })
    session = service.startSession(
      source: state.source, policy: scheduler.mode == .line ? .everyFrame : .realTime, delivery: delivery)
  }

  func stop() { session?.stop() }

  var tally: RecognitionTally { state.tally }

  func didTogglePause() { dispatch(.togglePause) }

  func didStep(by offset: Int) { dispatch(.step(by: offset)) }

  func didRequestSave() { dispatch(.save) }

  func didRequestNextDetector() { dispatch(.nextDetector) }

  func didRequestSource() {
    session?.stop()
    output?.visionDidRequestSource()
  }

  // MARK: - State

  private func dispatch(_ action: VisionAction) {
    let effects = state.reduce(action, now: clock())
    view?.show(VisionViewModelBuilder.model(for: state))
    for effect in effects { perform(effect) }
  }

  private func perform(_ effect: VisionEffect) {
    switch effect {
    case .report(let line): view?.report(line)
    case .setPaused(let paused): session?.setPaused(paused)
    case .showSlide(let index): session?.showSlide(index)
    case .save(let frame): session?.save(frame)
    case .setDetector(let kind): session?.setDetector(kind)
    case .expireNotice:
      noticeTimer?.cancel()
      noticeTimer = scheduler.schedule(after: Self.noticeDuration) { [weak self] in
        self?.dispatch(.noticeExpired)
      }
    case .sourceLost(let message): output?.visionDidLoseSource(message)
    }
  }
}
