import System

/// Notes a source sends while it opens, held until it has, then passed straight through.
final class HeldNotes: Sendable {
  private let held = LockedValue<[String]?>([])

  /// Holds `note` and returns true, or returns false once the notes were released.
  func hold(_ note: String) -> Bool {
    held.withLock { held in
      held?.append(note)
      return held != nil
    }
  }

  /// The notes held so far; later ones are not held.
  func release() -> [String] {
    held.withLock { held in
      defer { held = nil }
      return held ?? []
    }
  }
}
