/// The working memory of one prediction: every intermediate tensor and the im2col scratch,
/// in one allocation reused from call to call.
///
/// An arena is used by one thread at a time: ``ArenaPool`` hands each call its own, so it is
/// not `Sendable` (only the pool moves arenas between threads, under its lock). The memory
/// starts on a cache line (``alignment`` bytes), and the plan's regions are whole cache lines
/// long, so the kernels' 16-float vectors of a tensor never straddle two lines.
package final class ScratchArena {
  /// The alignment of ``base`` in bytes: one cache line, one AVX-512 vector.
  package static let alignment = 64
  /// The start of the memory.
  private(set) var base: UnsafeMutablePointer<Float>
  /// Floats available at `base`.
  private(set) var capacity: Int
  /// Input pointers of the current step, reused so steps allocate nothing.
  package var inputPointers: [UnsafePointer<Float>] = []

  /// An arena of `capacity` floats.
  package init(capacity: Int) {
    self.capacity = max(capacity, 1)
    base = Self.allocate(self.capacity)
  }

  /// `floats` zeroed floats starting on a cache line.
  private static func allocate(_ floats: Int) -> UnsafeMutablePointer<Float> {
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: floats * MemoryLayout<Float>.stride, alignment: alignment)
    return raw.initializeMemory(as: Float.self, repeating: 0, count: floats)
  }

  /// Grows the arena to at least `floats`; the old contents are dropped.
  package func reserve(_ floats: Int) {
    guard floats > capacity else { return }
    UnsafeMutableRawPointer(base).deallocate()
    capacity = floats
    base = Self.allocate(floats)
  }

  deinit {
    UnsafeMutableRawPointer(base).deallocate()
  }
}
