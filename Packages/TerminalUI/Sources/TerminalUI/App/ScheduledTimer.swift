/// A timer from ``LoopScheduling/schedule(after:repeating:_:)``; keep it to cancel it.
@MainActor
public final class ScheduledTimer {
  /// When it fires next, on the loop's clock.
  var deadline: Duration
  /// The interval of a repeating timer.
  let interval: Duration?
  /// The work.
  let body: @MainActor () -> Void
  /// Whether ``cancel()`` ran (or a one-shot timer fired).
  public private(set) var isCancelled = false

  init(deadline: Duration, interval: Duration?, body: @escaping @MainActor () -> Void) {
    self.deadline = deadline
    self.interval = interval
    self.body = body
  }

  /// Stops the timer; it will not fire again.
  public func cancel() { isCancelled = true }
}

/// Schedules work on the run loop: timers, and jobs posted from other threads.
///
/// Presenters take this protocol so that tests can drive time with a ``VirtualTerminal``.
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
}

extension LoopScheduling {
  /// Runs `body` once on the loop after `delay`.
  @discardableResult
  public func schedule(after delay: Duration, _ body: @escaping @MainActor () -> Void) -> ScheduledTimer {
    schedule(after: delay, repeating: nil, body)
  }
}
