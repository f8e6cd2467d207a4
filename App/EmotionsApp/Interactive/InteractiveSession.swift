import FaceAnalysis
import Navigation
import TerminalUI

/// The terminal app: builds the router, the run loop, the flows and the application
/// coordinator, starts where the launch instructor says, and runs until the user quits.
@MainActor
enum InteractiveSession {
  /// Runs the app; never returns.
  static func run(_ options: InteractiveOptions, environment: [String: String]) -> Never {
    let router = TerminalRouter(appName: "Emotions")
    let app = TerminalApp.openOrExit(router: router, program: "emotions")
    app.graphicsSupport = GraphicsChoice.support(option: options.graphics, environment: environment)
    let state = StateController(store: AppStateStore(environment: environment))
    let coordinator = makeCoordinator(router: router, scheduler: app, state: state, options: options)
    coordinator.start(
      route: LaunchInstructor.firstRoute(state: state.state, options: .init(deepLink: options.link)))
    if let warning = state.loadWarning { router.showMessage(warning, kind: .error) }
    app.runAndExit(program: "emotions") {
      coordinator.closeAllFlows()
      ChildProcesses.terminateAll()
    }
  }

  /// The application coordinator with its flows, wired to the router and the state.
  static func makeCoordinator(
    router: TerminalRouter, scheduler: any LoopScheduling, state: StateController, options: InteractiveOptions
  ) -> ApplicationCoordinator {
    let services = FlowPlugins.Services(
      recognition: LiveRecognitionService(modelDirectory: options.modelDirectory), scheduler: scheduler,
      state: state)
    let coordinator = ApplicationCoordinator(router: router, plugins: FlowPlugins.all(services))
    state.onWarning = { [weak router] in router?.showMessage($0, kind: .error) }
    coordinator.showMessage = { [weak router] in router?.showMessage($0, kind: .error) }
    coordinator.onConsentAccepted = { [weak state] in
      state?.update {
        $0.consent = AppState.Consent(documentsVersion: AppState.documentsVersion, acceptedAt: .now)
      }
    }
    coordinator.onFinish = { [weak router] _ in router?.quit() }
    router.openDeepLinks { [weak coordinator] link throws(DeepLinkError) in try coordinator?.open(link) }
    return coordinator
  }
}
