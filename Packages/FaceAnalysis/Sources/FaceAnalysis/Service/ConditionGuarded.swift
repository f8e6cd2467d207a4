import Foundation

/// A value read and written only under a condition lock, which other guarded values may share:
/// the live pipeline's threads wait on one condition for any change to what they share.
final class ConditionGuarded<Value: Sendable>: @unchecked Sendable {
  /// The lock and the condition its waiters wait on.
  let condition: NSCondition
  /// Touched only while `condition` is locked (``locked(_:)``, or a waiter holding it).
  var value: Value

  /// `value` under a new condition, or under `condition` shared with other values.
  init(_ value: Value, sharing condition: NSCondition = NSCondition()) {
    self.value = value
    self.condition = condition
  }

  /// Runs `body` under the lock and wakes every waiting thread after it.
  func locked<T>(_ body: () -> T) -> T {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return body()
  }
}
