import Foundation

/// Scratch arenas shared by the threads that call one model: each call takes an arena
/// (or makes one), and puts it back when done, so steady-state calls allocate nothing and
/// concurrent calls never share memory.
///
/// The idle list is guarded by a lock: calls on several threads take and return arenas at once.
// Unchecked: `arenas` is reached only under `lock`, an NSLock rather than a Mutex because
// ThreadSanitizer cannot see a contended Mutex hand over (8bcef0f); Inference has no System.
package final class ArenaPool: @unchecked Sendable {
  private let lock = NSLock()
  private var arenas: [ScratchArena] = []
  private let limit: Int

  /// A pool keeping at most `limit` idle arenas.
  package init(limit: Int = 16) {
    self.limit = limit
  }

  /// Runs `body` with an arena of at least `floats` floats that no other thread uses.
  package func withArena<Result>(floats: Int, _ body: (ScratchArena) -> Result) -> Result {
    let arena = lock.withLock { arenas.popLast() } ?? ScratchArena(capacity: floats)
    arena.reserve(floats)
    let result = body(arena)
    lock.withLock {
      if arenas.count < limit { arenas.append(arena) }
    }
    return result
  }

  /// The number of idle arenas (for tests).
  package var idleCount: Int { lock.withLock { arenas.count } }
}
