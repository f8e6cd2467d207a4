import Foundation

/// A value read and written only under a condition lock, whose waiters wait for it to change:
/// the live pipeline's control state. It is reached only through ``locked(_:)`` (a change,
/// which wakes the waiters) and ``wait(_:)`` (which reads the value afresh at each wake-up).
final class ConditionGuarded<Value: Sendable>: @unchecked Sendable {
  /// What a waiter decides on seeing the value.
  enum Decision<Result> {
    /// Stop waiting with this result.
    case done(Result)
    /// Wait for a change, or until the date.
    case wait(until: Date?)
  }

  private let condition = NSCondition()
  // Touched only while `condition` is locked.
  private var guarded: Value

  /// `value` under a new condition.
  init(_ value: Value) {
    guarded = value
  }

  /// Runs `body` on the value under the lock and wakes every waiter after it.
  @discardableResult
  func locked<T>(_ body: (inout Value) -> T) -> T {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return body(&guarded)
  }

  /// Waits under the lock until `decide`, shown the value as it is at each wake-up, is done.
  func wait<T>(_ decide: (Value) -> Decision<T>) -> T {
    condition.lock()
    defer { condition.unlock() }
    while true {
      switch decide(guarded) {
      case .done(let result): return result
      case .wait(let deadline?): _ = condition.wait(until: deadline)
      case .wait(nil): condition.wait()
      }
    }
  }
}
