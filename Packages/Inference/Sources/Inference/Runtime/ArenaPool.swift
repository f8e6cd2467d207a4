import System

/// Scratch arenas shared by the threads that call one model: each call takes an arena
/// (or makes one), and puts it back when done, so steady-state calls allocate nothing and
/// concurrent calls never share memory.
///
/// The idle list is guarded by a lock: calls on several threads take and return arenas at once.
// Unchecked: an arena is not Sendable, but one is used by one call at a time, handed from one
// to the next through the lock.
package final class ArenaPool: @unchecked Sendable {
  private let arenas = LockedValue<[ScratchArena]>([])
  private let limit: Int

  /// A pool keeping at most `limit` idle arenas.
  package init(limit: Int = 16) {
    self.limit = limit
  }

  /// Runs `body` with an arena of at least `floats` floats that no other thread uses.
  package func withArena<Result>(floats: Int, _ body: (ScratchArena) -> Result) -> Result {
    let arena = arenas.withLock { $0.popLast() } ?? ScratchArena(capacity: floats)
    arena.reserve(floats)
    let result = body(arena)
    arenas.withLock { idle in
      if idle.count < limit { idle.append(arena) }
    }
    return result
  }

  /// The number of idle arenas (for tests).
  package var idleCount: Int { arenas.withLock { $0.count } }
}
