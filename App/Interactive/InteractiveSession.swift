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
    let app: TerminalApp
    do {
      app = try TerminalApp(router: router)
    } catch {
      StandardStreams.printError("cannot use the terminal: \(error)")
      SystemTerminal.exitProcess(status: 1)
    }
    let state = StateController(store: AppStateStore(environment: environment))
    let coordinator = makeCoordinator(router: router, scheduler: app, state: state, options: options)
    coordinator.start(
      route: LaunchInstructor.firstRoute(state: state.state, options: .init(deepLink: options.link)))
    if let warning = state.loadWarning { router.showMessage(warning, kind: .error) }

    let reason: TerminalApp.ExitReason
    do {
      reason = try app.run()
    } catch {
      ChildProcesses.terminateAll()
      StandardStreams.printError("terminal error: \(error)")
      SystemTerminal.exitProcess(status: 1)
    }
    ChildProcesses.terminateAll()
    SystemTerminal.exitProcess(for: reason)
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
    router.onDeepLink = { [weak coordinator, weak router] text in
      do throws(DeepLinkError) {
        try coordinator?.open(try DeepLink(parsing: text))
      } catch {
        router?.showMessage(error.description, kind: .error)
      }
    }
    return coordinator
  }
}
