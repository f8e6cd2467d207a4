import Dispatch
import System
import SystemLibc
import Testing

@Suite("LockedValue")
struct LockedValueTests {
  @Test func threadsAddingAtOnceLoseNoUpdate() {
    let total = LockedValue(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 { total.withLock { $0 += 1 } }
    }
    #expect(total.withLock { $0 } == 80_000)
  }

  @Test func withLockReturnsTheBodysResultAndRethrows() {
    struct Refused: Error {}
    let names = LockedValue(["a"])
    let count = names.withLock {
      $0.append("b")
      return $0.count
    }
    #expect(count == 2)
    #expect(throws: Refused.self) { try names.withLock { _ in throw Refused() } }
    #expect(names.withLock { $0 } == ["a", "b"])
  }
}
