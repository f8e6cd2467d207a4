import FaceAnalysisInterface
import Navigation
import TerminalUI

/// The scheme the tests write links with.
let scheme = DeepLinkScheme("emotions")

/// A link written in a test.
func link(_ text: String) throws -> DeepLink { try scheme.parse(text) }

extension FlowEnvironment {
  /// What the app would give the flow: a recognition service, a run loop, storage, and the
  /// links other flows open (`about` unless told otherwise).
  @MainActor
  static func testing(
    service: any RecognitionService, scheduler: any LoopScheduling,
    storage: any FlowStorage = MemoryFlowStorage(),
    otherFlowsOpen: Set<String> = ["about"]
  ) -> FlowEnvironment {
    var environment = FlowEnvironment(
      host: HostApplication(name: "Test", version: "0"), storage: storage,
      canOpen: { link in link.path.first.map(otherFlowsOpen.contains) ?? false })
    environment.provide(service, as: (any RecognitionService).self)
    environment.provide(scheduler, as: (any LoopScheduling).self)
    return environment
  }
}
