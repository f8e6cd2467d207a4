import Synchronization

/// Scratch arenas shared by the threads that call one model: each call takes an arena
/// (or makes one), and puts it back when done, so steady-state calls allocate nothing and
/// concurrent calls never share memory.
final class ArenaPool: Sendable {
  private let arenas = Mutex<[ScratchArena]>([])
  private let limit: Int

  /// A pool keeping at most `limit` idle arenas.
  init(limit: Int = 16) {
    self.limit = limit
  }

  /// Runs `body` with an arena of at least `floats` floats that no other thread uses.
  func withArena<Result>(floats: Int, _ body: (ScratchArena) -> Result) -> Result {
    let arena = arenas.withLock { $0.popLast() } ?? ScratchArena(capacity: floats)
    arena.reserve(floats)
    let result = body(arena)
    arenas.withLock { idle in
      if idle.count < limit { idle.append(arena) }
    }
    return result
  }

  /// The number of idle arenas (for tests).
  var idleCount: Int { arenas.withLock { $0.count } }
}
