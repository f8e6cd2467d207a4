/// How the Vision screen's status line reads.
enum VisionTone: Equatable, Sendable {
  /// Ordinary progress: opening, playing, finished.
  case normal
  /// Something the user did worked, such as a saved frame.
  case notice
  /// Something failed.
  case error
}
