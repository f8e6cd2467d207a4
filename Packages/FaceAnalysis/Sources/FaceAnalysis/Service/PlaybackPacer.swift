import Foundation

/// When the reader of a source played in real time reads its next frame: each frame at its
/// time on the source's ``PlaybackClock``, and not while the user has paused. A paused file is
/// not read and its clock stops; a paused live source is read on, so that it does not fall
/// behind, and its frames are skipped.
final class PlaybackPacer: Sendable {
  private struct State: Sendable {
    var stopped = false
    var clock = PlaybackClock()
  }

  private let state = ConditionGuarded(State())

  /// Pauses or resumes, now.
  func setPaused(_ paused: Bool) {
    state.locked { $0.clock.setPaused(paused, at: Date()) }
  }

  /// Ends every wait, now and later.
  func stop() {
    state.locked { $0.stopped = true }
  }

  /// Waits while a file is paused, then says whether the next frame is to be skipped (a live
  /// source that is paused); nil once stopped.
  func waitToRead(live: Bool) -> Bool? {
    state.wait { state in
      if state.stopped { return .done(nil) }
      return state.clock.isPaused && !live ? .wait(until: nil) : .done(state.clock.isPaused)
    }
  }

  /// Waits until the frame at `time` (seconds into the source) is due, the first frame asked
  /// for being due at once; for a file, the time spent paused does not count. False once
  /// stopped.
  func waitUntilDue(frameTime time: Double, live: Bool) -> Bool {
    let due = state.locked { $0.clock.due(atFrameTime: time, now: Date()) }
    return state.wait { state in
      if state.stopped { return .done(false) }
      let target = state.clock.target(due, honouringPause: !live)
      // A file's target moves while it is paused: look again now and then.
      if !live && state.clock.isPaused { return .wait(until: Date().addingTimeInterval(0.1)) }
      return Date() < target ? .wait(until: target) : .done(true)
    }
  }
}
