import FaceAnalysisInterface
import Navigation
import TerminalUI

/// What the flow takes from the app's ``FlowEnvironment``.
@MainActor
struct MainFlowEnvironment {
  /// Checks sources and runs recognition; one that explains it is missing when the app
  /// provides none.
  var service: any RecognitionService
  /// The run loop that recognition results are posted to; without one Vision cannot run.
  var scheduler: (any LoopScheduling)?
  /// Remembers the last source between runs.
  var storage: any FlowStorage
  /// Whether the app opens a link, so that Main offers only entries that lead somewhere.
  var canOpen: @MainActor (DeepLink) -> Bool

  /// The key under which the last source is kept.
  nonisolated static let lastSourceKey = "main.lastSource"
  /// The top-level key under which version 0.1 kept the last source.
  nonisolated static let legacyLastSourceKey = "lastSource"

  /// Takes the services the flow needs from the app's environment.
  init(_ environment: FlowEnvironment) {
    scheduler = environment.service((any LoopScheduling).self)
    let provided = environment.service((any RecognitionService).self)
    service = scheduler == nil ? UnavailableRecognitionService() : provided ?? UnavailableRecognitionService()
    storage = environment.storage
    canOpen = environment.canOpen
  }

  /// The last source the user chose, remembered by the app, if any.
  var lastSource: String? { storage.value(forKey: Self.lastSourceKey) }

  /// Remembers a source the user chose.
  func sourceChosen(_ source: String) { storage.setValue(source, forKey: Self.lastSourceKey) }
}
