/// Schedules work on the run loop: timers, and jobs posted from other threads.
///
/// Presenters take this protocol so that tests can drive time with a `VirtualTerminal` (TerminalUITesting).
@MainActor
public protocol LoopScheduling: AnyObject {
  /// Runs `body` on the loop after `delay`, then every `repeating` if given.
  @discardableResult
  func schedule(
    after delay: Duration, repeating: Duration?, _ body: @escaping @MainActor () -> Void
  )
    -> ScheduledTimer

  /// Hands work from other threads to the loop.
  nonisolated var poster: MainLoopPoster { get }

  /// How the loop shows screens: full screen, or line mode for pipes and scripts (where a
  /// screen might, for example, report every frame rather than keep up with real time).
  var mode: TerminalApp.Mode { get }
}

extension LoopScheduling {
  /// Runs `body` once on the loop after `delay`.
  @discardableResult
  public func schedule(after delay: Duration, _ body: @escaping @MainActor () -> Void) -> ScheduledTimer {
    schedule(after: delay, repeating: nil, body)
  }
}
