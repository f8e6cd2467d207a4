import System

/// Hands work from any thread to the run loop, which runs it on the main actor between events.
///
/// ```swift
/// let poster = app.poster
/// Thread.detachNewThread {
///   let result = recognizer.classify(frame)      // on a background thread
///   poster.post { presenter.show(result) }       // later, on the run loop
/// }
/// ```
public final class MainLoopPoster: Sendable {
  private let jobs = LockedValue<[@MainActor @Sendable () -> Void]>([])
  private let waker: (any TerminalWaker)?

  /// Creates a poster that wakes the loop through `waker` (none for a virtual terminal).
  init(waker: (any TerminalWaker)?) {
    self.waker = waker
  }

  /// Queues `job` to run on the run loop and wakes the loop. Callable from any thread.
  public func post(_ job: @escaping @MainActor @Sendable () -> Void) {
    jobs.withLock { $0.append(job) }
    waker?.wake()
  }

  /// Whether jobs are waiting.
  public var hasPendingJobs: Bool { jobs.withLock { !$0.isEmpty } }

  /// Takes the queued jobs, oldest first.
  func takeJobs() -> [@MainActor @Sendable () -> Void] {
    jobs.withLock { queued in
      defer { queued = [] }
      return queued
    }
  }
}
