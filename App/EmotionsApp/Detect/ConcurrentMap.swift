import Dispatch
import Foundation

extension Array where Element: Sendable {
  /// `transform` of every element, computed on all cores at once, in the elements' order.
  func concurrentMap<Mapped: Sendable>(_ transform: @Sendable (Element) -> Mapped) -> [Mapped] {
    let results = Results<Mapped>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
      results.store(transform(self[index]), at: index)
    }
    return results.values
  }
}

/// The results of a concurrent map, guarded by an `NSLock`.
private final class Results<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Value?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func store(_ value: Value, at index: Int) {
    lock.withLock { slots[index] = value }
  }

  var values: [Value] { lock.withLock { slots.compactMap { $0 } } }
}
