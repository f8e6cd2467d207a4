import FaceAnalysisInterface
import Navigation
import TerminalUI

/// Drives the Main flow: the Main screen at the root of the app, and recognition on the
/// Vision screen, with a modal picker for its source.
///
/// ```
/// Main ── picker (modal) ── Vision?source=…
///   │                          └── Esc, or a camera lost: back to Main with the picker over it
///   └── "About this app": a request to the parent, which owns the other flows
/// ```
@MainActor
final class MainCoordinator: BaseCoordinator<FlowOutcome>, FlowCoordinator {
  var onRequest: ((FlowRequest) -> Void)?

  private let router: any Routing
  private let environment: MainFlowEnvironment
  private weak var mainScreen: (any Presentable)?
  private weak var visionScreen: (any Presentable)?
  private weak var visionInput: (any VisionModuleInput)?
  private var visionSource: String?

  init(router: any Routing, environment: MainFlowEnvironment) {
    self.router = router
    self.environment = environment
  }

  override func start() { showMain() }

  override func start(with link: DeepLink) -> Bool {
    guard let destination = MainDestination(link) else { return super.start(with: link) }
    if let mainScreen { router.pop(to: mainScreen) } else { showMain() }
    switch destination {
    case .main:
      break
    case .vision(let source):
      showVision(source: source)
    case .picker(let source):
      if let source { showVision(source: source) }
      showPicker()
    }
    return true
  }

  private func showMain() {
    let module = MainConfigurator.make(output: self)
    mainScreen = module.screen
    router.setRoot(module.screen, route: MainRoutes.main, owner: self)
  }

  private func showPicker(problem: String? = nil) {
    let module = SourcePickerConfigurator.make(service: environment.service, output: self)
    if let suggestion = visionSource ?? environment.lastSource() { module.input.suggest(suggestion) }
    if let problem { module.input.report(problem) }
    router.present(module.screen, route: MainRoutes.sourcePicker, owner: self)
  }

  /// Leaves the Vision screen for the picker: back to Main, with the picker over it.
  private func returnToPicker(problem: String? = nil) {
    visionInput?.stop()
    if let mainScreen { router.pop(to: mainScreen) }
    showPicker(problem: problem)
  }

  private func showVision(source: String) {
    let module = VisionConfigurator.make(
      source: source, service: environment.service, scheduler: environment.scheduler, output: self)
    visionScreen = module.screen
    visionInput = module.input
    visionSource = source
    environment.sourceChosen(source)
    router.push(
      module.screen, route: MainRoutes.vision, query: [.init(name: MainRoutes.sourceQuery, value: source)],
      owner: self)
  }
}

extension MainCoordinator: MainModuleOutput {
  func mainDidSelectVision() { showPicker() }

  func mainDidSelectAbout() {
    guard let about = try? DeepLink(path: [environment.aboutPath]) else { return }
    onRequest?(.open(about))
  }

  func mainDidSelectQuit() { finish(with: .done) }
}

extension MainCoordinator: SourcePickerModuleOutput {
  func sourcePicker(didChoose source: String) {
    router.dismiss()
    if let mainScreen { router.pop(to: mainScreen) }
    showVision(source: source)
  }
}

extension MainCoordinator: VisionModuleOutput {
  func visionDidRequestSource() { returnToPicker() }

  func visionDidLoseSource(_ message: String) { returnToPicker(problem: message) }
}
