import Foundation
import Navigation
import System

/// Watches the router's stack for the app: writes each change to standard error when
/// `EMOTIONS_TRACE=navigation`, and saves the link of every stack the user reaches, as its
/// flow wants it reopened, so the next launch comes back to it.
@MainActor
enum NavigationRecorder {
  /// Starts watching `router` for `coordinator`'s flows.
  static func attach(
    to router: StackRouter, coordinator: ApplicationCoordinator, plugins: FlowPlugins, state: StateController,
    scheme: DeepLinkScheme, environment: [String: String]
  ) {
    let traced = (environment["EMOTIONS_TRACE"] ?? "").split(separator: ",").contains("navigation")
    router.observeChanges { [weak coordinator, weak plugins, weak state] event in
      if traced { trace(event, scheme: scheme) }
      guard event.phase == .did, let coordinator, let plugins, let state,
        !coordinator.isClosing, !coordinator.isRunningRequirement, let link = event.to,
        let restorable = plugins.factory(opening: link)?.restorableLink(for: link)
      else { return }
      let text = scheme.text(for: restorable)
      if state.state.lastLink != text { state.update { $0.lastLink = text } }
    }
  }

  /// `navigation: did push emotions://main -> emotions://picker`, one line on standard error.
  private static func trace(_ event: NavigationEvent, scheme: DeepLinkScheme) {
    StandardStreams.process.printProgress("navigation: \(event.describe(writingLinks: scheme.text(for:)))\n")
  }
}
