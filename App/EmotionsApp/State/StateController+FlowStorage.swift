import Navigation

/// The flows' values live in the app state and are saved with it.
extension StateController: FlowStorage {
  func value(forKey key: String) -> String? { state.flowValues[key] }

  func setValue(_ value: String?, forKey key: String) {
    guard state.flowValues[key] != value else { return }
    update { $0.flowValues[key] = value }
  }
}
