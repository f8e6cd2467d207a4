import Dispatch
import System

extension Array where Element: Sendable {
  /// `transform` of every element, computed on all cores at once, in the elements' order.
  func concurrentMap<Mapped: Sendable>(_ transform: @Sendable (Element) -> Mapped) -> [Mapped] {
    let slots = LockedValue([Mapped?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let value = transform(self[index])
      slots.withLock { $0[index] = value }
    }
    return slots.withLock { $0.compactMap { $0 } }
  }
}
