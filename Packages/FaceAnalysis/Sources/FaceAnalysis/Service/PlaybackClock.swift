import Foundation

/// The clock a source plays by: each frame is due at its time after the first paced frame's
/// moment, and a file's clock stops while it is paused (a live source's runs on).
struct PlaybackClock: Sendable {
  private var start: Date?
  private var pausedSince: Date?
  private var pausedTotal: TimeInterval = 0

  /// Whether the player is paused.
  var isPaused: Bool { pausedSince != nil }

  /// Pauses or resumes at `now`.
  mutating func setPaused(_ paused: Bool, at now: Date) {
    guard paused != isPaused else { return }
    if paused {
      pausedSince = now
    } else if let since = pausedSince {
      pausedTotal += now.timeIntervalSince(since)
      pausedSince = nil
    }
  }

  /// The moment the frame at `time` is due, the first frame asked for setting the clock so
  /// that it is due at `now`.
  mutating func due(atFrameTime time: Double, now: Date) -> Date {
    let start = self.start ?? now.addingTimeInterval(-time)
    self.start = start
    return start.addingTimeInterval(time)
  }

  /// `due` moved on by the time spent paused, for a source whose clock stops while paused.
  func target(_ due: Date, honouringPause: Bool) -> Date {
    honouringPause ? due.addingTimeInterval(pausedTotal) : due
  }
}
