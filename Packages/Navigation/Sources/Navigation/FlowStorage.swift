/// Small text values the app keeps for its flows between runs, such as the last source a
/// user chose. Keys are shared by every flow: a flow starts its keys with its id
/// (`main.lastSource`), and only the flow names them (`Tools/check-architecture`).
@MainActor
public protocol FlowStorage: AnyObject {
  /// The value stored under `key`, if any.
  func value(forKey key: String) -> String?
  /// Stores `value` under `key`, or removes the key for `nil`.
  func setValue(_ value: String?, forKey key: String)
}

/// A ``FlowStorage`` that forgets everything when it goes: for demos, tests and apps that
/// keep no state.
@MainActor
public final class MemoryFlowStorage: FlowStorage {
  private var values: [String: String] = [:]

  /// Empty storage.
  public init() {}

  /// The value stored under `key`, if any.
  public func value(forKey key: String) -> String? { values[key] }

  /// Stores `value` under `key`, or removes the key for `nil`.
  public func setValue(_ value: String?, forKey key: String) { values[key] = value }
}
