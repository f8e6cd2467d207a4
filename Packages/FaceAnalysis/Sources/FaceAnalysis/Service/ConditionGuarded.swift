import Foundation

/// A value read and written only under a condition lock, whose waiters wait for it to change:
/// the live pipeline's hand-overs and waits. It is reached only through ``locked(_:)`` (a
/// change, which wakes the waiters), ``wait(_:)`` (which reads the value afresh at each
/// wake-up) and ``waitToChange(_:)`` (both).
///
/// The one condition variable of the project: System's `LockedValue` is the lock for mutual
/// exclusion, but a thread that must sleep until another changes a value (a slot to fill, a
/// slide to show, a pause to end, threads to finish) needs a condition to wait on.
/// `NSCondition` is a pthread mutex and condition, which ThreadSanitizer follows.
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
    return waitLocked { decide($0) }
  }

  /// Waits as ``wait(_:)`` does, letting `decide` change the value on the way (it decides and
  /// changes in one step, under the lock), and wakes every waiter after it.
  func waitToChange<T>(_ decide: (inout Value) -> Decision<T>) -> T {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return waitLocked(decide)
  }

  /// The waiting loop; called with the lock held.
  private func waitLocked<T>(_ decide: (inout Value) -> Decision<T>) -> T {
    while true {
      switch decide(&guarded) {
      case .done(let result): return result
      case .wait(let deadline?): _ = condition.wait(until: deadline)
      case .wait(nil): condition.wait()
      }
    }
  }
}
