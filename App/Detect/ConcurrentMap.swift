import Dispatch
import Synchronization

extension Array where Element: Sendable {
  /// `transform` of every element, computed on all cores at once, in the elements' order.
  func concurrentMap<Mapped: Sendable>(_ transform: @Sendable (Element) -> Mapped) -> [Mapped] {
    let results = Mutex<[Mapped?]>(Array<Mapped?>(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let mapped = transform(self[index])
      results.withLock { $0[index] = mapped }
    }
    return results.withLock { $0.compactMap { $0 } }
  }
}
