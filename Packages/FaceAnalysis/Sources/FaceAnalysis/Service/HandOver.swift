import Foundation

/// A one-value hand-over between two threads: the giver puts a value in the slot, the taker
/// takes it. When the slot is full, a giver that may drop replaces the waiting value (which is
/// counted), and one that may not waits for the slot to empty. ``close()`` wakes both sides
/// for good. The live pipeline's two hand-overs: frames to recognise, results to show.
final class HandOver<Value: Sendable>: Sendable {
  private struct Slot: Sendable {
    var waiting: Value?
    var closed = false
    var replaced = 0
  }

  private let slot = ConditionGuarded(Slot())

  /// Puts `value` in the slot. With `replacing`, a value still waiting is replaced and counted;
  /// otherwise the call waits until the slot is empty. Returns whether the slot was empty, or
  /// nil when the hand-over was closed.
  @discardableResult
  func give(_ value: Value, replacing: Bool) -> Bool? {
    slot.waitToChange { slot in
      if slot.closed { return .done(nil) }
      let wasEmpty = slot.waiting == nil
      if !wasEmpty && !replacing { return .wait(until: nil) }
      if !wasEmpty { slot.replaced += 1 }
      slot.waiting = value
      return .done(wasEmpty)
    }
  }

  /// The waiting value, taken out of the slot; with `waits`, waits for one. Nil once closed,
  /// or when the slot is empty and the caller does not wait.
  func take(waits: Bool = true) -> Value? {
    slot.waitToChange { slot in
      if slot.closed { return .done(nil) }
      guard let value = slot.waiting else { return waits ? .wait(until: nil) : .done(nil) }
      slot.waiting = nil
      return .done(value)
    }
  }

  /// Ends the hand-over: every waiting giver and taker returns, and later calls do at once.
  func close() {
    slot.locked { $0.closed = true }
  }

  /// How many values were replaced before they were taken.
  var replaced: Int { slot.wait { .done($0.replaced) } }
}
