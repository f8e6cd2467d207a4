import Foundation

extension AppStateStore {
  /// A store at an explicit file, reading what older versions wrote there as this app's flows
  /// declare it.
  init(fileURL: URL) {
    self.init(fileURL: fileURL, legacyEntries: FlowRegistry.legacyStateEntries)
  }

  /// The store the environment chooses.
  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.init(fileURL: Self.folder(environment: environment).appendingPathComponent("state.json"))
  }
}
