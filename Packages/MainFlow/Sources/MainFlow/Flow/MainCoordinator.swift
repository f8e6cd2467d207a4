import FaceAnalysisInterface
import Navigation
import TerminalUI

/// Drives the Main flow: the Main screen at the root of the app, and the Vision section as a
/// child coordinator, whose last run Main then notes.
///
/// ```
/// Main ── VisionCoordinator (picker ⇄ Vision) ── finished: "Last run: clip.mp4, …" on Main
///   └── "About this app": a request to the app, shown only when some flow opens `about`
/// ```
@MainActor
final class MainCoordinator: FlowCoordinator {
  private let router: any Routing
  private let environment: MainFlowEnvironment
  private weak var mainScreen: (any Presentable)?
  private weak var mainInput: (any MainModuleInput)?

  init(router: any Routing, environment: MainFlowEnvironment) {
    self.router = router
    self.environment = environment
  }

  override func start() { showMain() }

  override func start(with link: DeepLink) -> Bool {
    guard let destination = MainDestination(link) else { return super.start(with: link) }
    if let mainScreen { router.pop(to: mainScreen) } else { showMain() }
    switch destination {
    case .main: break
    case .vision(let source): runVision(from: .vision(source: source))
    case .picker(let source):
      runVision(from: .picker(suggesting: source ?? environment.lastSource, problem: nil))
    case .pickerOverVision(let source): runVision(from: .pickerOverVision(source: source))
    }
    return true
  }

  private func showMain() {
    let offersAbout = MainRoutes.aboutLink.map(environment.canOpen) ?? false
    let module = MainConfigurator.make(offersAbout: offersAbout, output: self)
    mainScreen = module.screen
    mainInput = module.input
    router.setRoot(module.screen, route: MainRoutes.main, owner: self)
  }

  /// Starts the Vision section; when the user leaves it, Main notes its last run.
  private func runVision(from entry: VisionCoordinator.Entry) {
    let section = VisionCoordinator(router: router, environment: environment, entry: entry)
    addChild(section) { [weak self] result in
      guard case .completed(let run) = result else { return }
      self?.mainInput?.showNote(run.note)
    }
    section.start()
  }
}

extension MainCoordinator: MainModuleOutput {
  func mainDidSelectVision() { runVision(from: .picker(suggesting: environment.lastSource, problem: nil)) }

  func mainDidSelectAbout() {
    guard let about = MainRoutes.aboutLink else { return }
    request(.open(about))
  }

  func mainDidSelectQuit() { finish(with: ()) }
}
