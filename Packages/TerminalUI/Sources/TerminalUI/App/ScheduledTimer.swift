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
