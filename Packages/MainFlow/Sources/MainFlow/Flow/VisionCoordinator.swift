import FaceAnalysisInterface
import Navigation
import TerminalUI

/// Drives the Vision section, a child of ``MainCoordinator``: the source picker (a modal)
/// and the Vision screen, as often as the user picks another source. It finishes when the
/// user leaves the section, with the last run's source and tally, or cancelled when nothing
/// ran.
///
/// ```
/// picker ── choose ──> Vision ── Esc, or a camera lost ──> picker (the source suggested)
///   └── Esc: the section ends                └── back: the section ends
/// ```
@MainActor
final class VisionCoordinator: BaseCoordinator<VisionRun> {
  /// Where the section starts.
  enum Entry: Equatable {
    /// The picker over Main, suggesting a source and saying why it is back, if it is.
    case picker(suggesting: String?, problem: String?)
    /// The Vision screen on a source.
    case vision(source: String)
    /// The picker over the Vision screen of a source.
    case pickerOverVision(source: String)
  }

  private let router: any Routing
  private let environment: MainFlowEnvironment
  private let entry: Entry
  /// The Vision screen's source and input while it runs; held so that its tally can be read
  /// when the screen leaves.
  private var vision: (source: String, input: any VisionModuleInput)?
  private var lastRun: VisionRun?
  /// Set while the section swaps its own screens, which is not the user leaving it.
  private var isReplacingScreens = false

  init(router: any Routing, environment: MainFlowEnvironment, entry: Entry) {
    self.router = router
    self.environment = environment
    self.entry = entry
  }

  override func start() {
    switch entry {
    case .picker(let source, let problem): showPicker(suggesting: source, problem: problem)
    case .vision(let source): showVision(source: source)
    case .pickerOverVision(let source):
      showVision(source: source)
      showPicker(suggesting: source, problem: nil)
    }
  }

  /// The user left the section's last screen: it ends with the run it saw, if any.
  override func routerDidRemoveLastEntry() {
    guard !isReplacingScreens else { return }
    endRun()
    if let lastRun { finish(with: lastRun) } else { cancel() }
  }

  /// The picker's suggestion is not part of the stack's link: it comes from the link that
  /// opened it, or from what the user ran last, so one link always gives one stack.
  private func showPicker(suggesting source: String?, problem: String?) {
    let module = SourcePickerConfigurator.make(service: environment.service, output: self)
    if let source { module.input.suggest(source) }
    if let problem { module.input.report(problem) }
    router.present(module.screen, route: MainRoutes.sourcePicker, owner: self)
  }

  private func showVision(source: String) {
    guard let scheduler = environment.scheduler else {
      showPicker(suggesting: source, problem: UnavailableRecognitionService.reason)
      return
    }
    let module = VisionConfigurator.make(
      source: source, service: environment.service, scheduler: scheduler, output: self)
    vision = (source, module.input)
    environment.sourceChosen(source)
    router.push(module.screen, route: MainRoutes.vision, query: [MainRoutes.sourceItem(source)], owner: self)
  }

  /// Stops the Vision screen's recognition and keeps its tally as the last run.
  private func endRun() {
    guard let vision else { return }
    vision.input.stop()
    lastRun = VisionRun(source: vision.source, tally: vision.input.tally)
    self.vision = nil
  }

  /// Takes the section's screens off the stack without ending it, then shows what `next` shows.
  private func replaceScreens(with next: () -> Void) {
    endRun()
    isReplacingScreens = true
    router.close(self)
    isReplacingScreens = false
    next()
  }
}

extension VisionCoordinator: SourcePickerModuleOutput {
  func sourcePicker(didChoose source: String) {
    replaceScreens { showVision(source: source) }
  }
}

extension VisionCoordinator: VisionModuleOutput {
  func visionDidRequestSource() {
    let source = vision?.source
    replaceScreens { showPicker(suggesting: source, problem: nil) }
  }

  func visionDidLoseSource(_ message: String) {
    let source = vision?.source
    replaceScreens { showPicker(suggesting: source, problem: message) }
  }
}
