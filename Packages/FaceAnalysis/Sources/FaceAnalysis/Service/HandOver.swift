import Foundation

/// A one-value hand-over between two threads: the giver puts a value in the slot, the taker
/// takes it. When the slot is full, a giver that may drop replaces the waiting value (which is
/// counted), and one that may not waits for the slot to empty. ``close()`` wakes both sides
/// for good. The live pipeline's two hand-overs: frames to recognise, results to show.
final class HandOver<Value: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  // Touched only while `condition` is locked.
  private var waiting: Value?
  private var closed = false
  private var replacedCount = 0

  /// Puts `value` in the slot. With `replacing`, a value still waiting is replaced and counted;
  /// otherwise the call waits until the slot is empty. Returns whether the slot was empty, or
  /// nil when the hand-over was closed.
  @discardableResult
  func give(_ value: Value, replacing: Bool) -> Bool? {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    if !replacing {
      while waiting != nil && !closed { condition.wait() }
    }
    guard !closed else { return nil }
    let wasEmpty = waiting == nil
    if !wasEmpty { replacedCount += 1 }
    waiting = value
    return wasEmpty
  }

  /// The waiting value, taken out of the slot; with `waits`, waits for one. Nil once closed,
  /// or when the slot is empty and the caller does not wait.
  func take(waits: Bool = true) -> Value? {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    while waits && waiting == nil && !closed { condition.wait() }
    guard !closed else { return nil }
    defer { waiting = nil }
    return waiting
  }

  /// Ends the hand-over: every waiting giver and taker returns, and later calls do at once.
  func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  /// How many values were replaced before they were taken.
  var replaced: Int {
    condition.lock()
    defer { condition.unlock() }
    return replacedCount
  }
}
