/// Which slide a slide show's reader shows next: the one the user last asked for, when it is
/// not the one shown, or the one shown again after a detector switch (``redraw()``). The
/// newest request wins; the reader waits in ``next()`` until there is something to show.
final class SlideRequests: Sendable {
  private struct State: Sendable {
    var stopped = false
    var requested = 0
    var redraws = 0
    /// The slide last handed to the reader, and the redraws it had seen.
    var shown: Int?
    var shownRedraws = 0
  }

  private let state = ConditionGuarded(State())

  /// Asks for slide `index`, from 0.
  func show(_ index: Int) {
    state.locked { $0.requested = index }
  }

  /// Asks for the slide shown to be shown again.
  func redraw() {
    state.locked { $0.redraws += 1 }
  }

  /// Ends every wait, now and later.
  func stop() {
    state.locked { $0.stopped = true }
  }

  /// The slide to show next, once there is one (slide 0 at first); nil once stopped.
  func next() -> Int? {
    state.waitToChange { state in
      if state.stopped { return .done(nil) }
      guard state.requested != state.shown || state.redraws != state.shownRedraws else {
        return .wait(until: nil)
      }
      state.shown = state.requested
      state.shownRedraws = state.redraws
      return .done(state.requested)
    }
  }
}
