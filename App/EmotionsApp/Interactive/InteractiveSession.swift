import FaceAnalysis
import Foundation
import Navigation
import System
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
    let session = make(
      router: router, scheduler: app, state: state, options: options, environment: environment)
    session.start(options: options)
    app.runAndExit(program: "emotions") {
      session.coordinator.closeAllFlows()
      ProcessCleanup.terminateChildren()
    }
  }

  /// The application coordinator with its flows, wired to the router and the state.
  @MainActor
  struct Session {
    let coordinator: ApplicationCoordinator
    let plugins: FlowPlugins
    let state: StateController
    let router: TerminalRouter

    /// Starts where the launch instructor says, with a note for a saved stack that no longer
    /// opens and for a state file that could not be used.
    func start(options: InteractiveOptions) {
      let plan = plugins.launchPlan(
        state: state.state, options: .init(deepLink: options.link, startsFresh: options.startsFresh))
      if let dropped = plan.droppedLink {
        state.update { $0.lastLink = nil }
        router.showMessage(
          "The last session ended at \(dropped), which nothing in the app opens now; starting at home.")
      }
      coordinator.start(route: plan.route)
      if let warning = state.loadWarning { router.showMessage(warning, kind: .error) }
    }
  }

  /// Builds the session: the flows from one environment, the coordinator, the recorder.
  static func make(
    router: TerminalRouter, scheduler: any LoopScheduling, state: StateController,
    options: InteractiveOptions,
    environment: [String: String]
  ) -> Session {
    let plugins = makePlugins(
      scheduler: scheduler, state: state, modelDirectory: options.modelDirectory,
      detector: options.detector ?? .standard)
    let coordinator = ApplicationCoordinator(router: router, plugins: plugins)
    let scheme = Emotions.linkScheme
    state.onWarning = { [weak router] in router?.showMessage($0, kind: .error) }
    coordinator.showMessage = { [weak router] in router?.showMessage(scheme.message(for: $0), kind: .error) }
    coordinator.onRequirementMet = { [weak state] requirement in
      state?.recordMet(requirement)
    }
    coordinator.onFinish = { [weak router] _ in router?.quit() }
    router.openDeepLinks(scheme: scheme) { [weak coordinator] link throws(DeepLinkError) in
      try coordinator?.open(link)
    }
    NavigationRecorder.attach(
      to: router, coordinator: coordinator, plugins: plugins, state: state, scheme: scheme,
      environment: environment)
    return Session(coordinator: coordinator, plugins: plugins, state: state, router: router)
  }

  /// The flows, made from the environment the app provides them: the app's description,
  /// its state as their storage, live recognition and the run loop.
  ///
  /// - Parameter detector: the face detector Vision sessions start with (`--detector`, else
  ///   `EMOTIONS_DETECTOR`, resolved before the app starts); `d` on the screen switches it.
  static func makePlugins(
    scheduler: any LoopScheduling, state: StateController, modelDirectory: String?,
    detector: FaceDetectorKind = .standard
  )
    -> FlowPlugins
  {
    let recognition = LiveRecognitionService(
      modelDirectory: modelDirectory, options: RecognitionOptions(detector: detector))
    var environment = FlowEnvironment(
      host: HostApplication(
        name: "Emotions", version: Emotions.version, stateLocation: state.store.fileURL.path,
        facts: { recognition.facts() }),
      storage: state)
    environment.provide(recognition, as: (any RecognitionService).self)
    environment.provide(scheduler, as: (any LoopScheduling).self)
    return FlowPlugins(environment: environment)
  }
}
