import FaceAnalysis
import Foundation
import Navigation
import TerminalUI

@testable import EmotionsApp

/// The repository's root, found by walking up from this file to the folder with Tools/setup.
let repositoryRoot: URL = {
  var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while folder.path != "/" {
    if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Tools/setup").path) {
      return folder
    }
    folder.deleteLastPathComponent()
  }
  return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

/// A fixture made by Tools/setup.
func fixture(_ name: String) -> String { repositoryRoot.appendingPathComponent("Fixtures/\(name)").path }

/// A fresh, empty state folder.
func temporaryStateStore() -> AppStateStore {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "emotions-app-\(UUID().uuidString)")
  return AppStateStore(fileURL: folder.appendingPathComponent("state.json"))
}

/// The app's scheme, for links written in the tests.
let scheme = Emotions.linkScheme

/// A link written in a test, whole or just its path.
func link(_ text: String) throws -> DeepLink { try scheme.parse(linkOrPath: text) }

/// Whether this build has the flow package `name`, such as `AboutAppFlow`: tests of a flow
/// that was removed (`Tools/remove-flow`) are skipped, and the others must still pass.
func hasFlow(_ name: String) -> Bool { FlowRegistry.packageNames.contains(name) }

/// The real app, its real plugin list and its real state handling, over a given router.
@MainActor
struct AppUnderTest {
  let coordinator: ApplicationCoordinator
  let plugins: FlowPlugins
  let state: StateController
  let messages: MessageLog

  /// Collects the messages the app shows.
  final class MessageLog {
    var all: [String] = []
  }

  /// Closes every flow's screens, as the app does when it ends: the presenters go, stopping
  /// their recognition threads, and with them the references to the run loop, which holds the
  /// router that held them. Without it, a session's screens and loop keep each other alive
  /// after the test (LeakSanitizer, Tools/test --sanitize App).
  func close() {
    coordinator.closeAllFlows()
  }

  init(router: any Routing, scheduler: any LoopScheduling, store: AppStateStore = temporaryStateStore()) {
    state = StateController(store: store)
    plugins = InteractiveSession.makePlugins(
      scheduler: scheduler, state: state, modelDirectory: repositoryRoot.appendingPathComponent("Models").path
    )
    coordinator = ApplicationCoordinator(router: router, plugins: plugins)
    let messages = MessageLog()
    self.messages = messages
    coordinator.showMessage = { messages.all.append(scheme.message(for: $0)) }
    coordinator.onRequirementMet = { [state] requirement in
      state.recordMet(requirement)
    }
  }

  /// Where the launch instructor starts this app for `options`.
  func plan(_ options: LaunchInstructor.Options = .init()) -> LaunchInstructor.Plan {
    plugins.launchPlan(state: state.state, options: options)
  }

  /// Whether every launch requirement is met.
  var requirementsMet: Bool {
    plugins.launchRequirements.allSatisfy { state.state.hasMet($0.id, version: $0.version) }
  }
}
