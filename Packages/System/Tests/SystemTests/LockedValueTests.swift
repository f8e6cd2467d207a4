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

  /// Objects passed from thread to thread through a pool, as the inference arenas are: each
  /// write to an object is ordered by the lock alone. Under `--sanitize=thread` this is the
  /// case `Synchronization.Mutex` fails (see LockedValue's documentation).
  @Test func plainMemoryHandedOverThroughTheLockLosesNoWrite() {
    final class Scratch: @unchecked Sendable {
      var counts = [Int](repeating: 0, count: 8)
    }
    let pool = LockedValue<[Scratch]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for round in 0..<5_000 {
        let scratch = pool.withLock { $0.popLast() } ?? Scratch()
        scratch.counts[round % 8] += 1
        pool.withLock { $0.append(scratch) }
      }
    }
    let total = pool.withLock { $0.reduce(0) { $0 + $1.counts.reduce(0, +) } }
    #expect(total == 20_000)
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
