/// The working memory of one prediction: every intermediate tensor and the im2col scratch,
/// in one allocation reused from call to call.
///
/// An arena is used by one thread at a time: ``ArenaPool`` hands each call its own.
final class ScratchArena: @unchecked Sendable {
  /// The start of the memory.
  private(set) var base: UnsafeMutablePointer<Float>
  /// Floats available at `base`.
  private(set) var capacity: Int
  /// Input pointers of the current step, reused so steps allocate nothing.
  var inputPointers: [UnsafePointer<Float>] = []

  /// An arena of `capacity` floats.
  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    base = UnsafeMutablePointer<Float>.allocate(capacity: self.capacity)
    base.initialize(repeating: 0, count: self.capacity)
  }

  /// Grows the arena to at least `floats`; the old contents are dropped.
  func reserve(_ floats: Int) {
    guard floats > capacity else { return }
    base.deallocate()
    capacity = floats
    base = UnsafeMutablePointer<Float>.allocate(capacity: floats)
    base.initialize(repeating: 0, count: floats)
  }

  deinit {
    base.deallocate()
  }
}
