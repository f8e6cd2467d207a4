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

/// The real app, its real plugin list and its real state handling, over a given router.
@MainActor
struct AppUnderTest {
  let coordinator: ApplicationCoordinator
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
    let services = FlowPlugins.Services(
      recognition: LiveRecognitionService(
        modelDirectory: repositoryRoot.appendingPathComponent("Models").path),
      scheduler: scheduler, state: state)
    coordinator = ApplicationCoordinator(router: router, plugins: FlowPlugins.all(services))
    let messages = MessageLog()
    self.messages = messages
    coordinator.showMessage = { messages.all.append($0) }
    coordinator.onConsentAccepted = { [state] in
      state.update {
        $0.consent = AppState.Consent(documentsVersion: AppState.documentsVersion, acceptedAt: .now)
      }
    }
  }
}
