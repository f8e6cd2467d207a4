import Foundation

/// Hands work from any thread to the run loop, which runs it on the main actor between events.
///
/// ```swift
/// let poster = app.poster
/// Thread.detachNewThread {
///   let result = recognizer.classify(frame)      // on a background thread
///   poster.post { presenter.show(result) }       // later, on the run loop
/// }
/// ```
///
/// The queue is guarded by an `NSLock`, a pthread mutex ThreadSanitizer can follow.
public final class MainLoopPoster: @unchecked Sendable {
  private let lock = NSLock()
  private var jobs: [@MainActor @Sendable () -> Void] = []
  private let waker: (any TerminalWaker)?

  /// Creates a poster that wakes the loop through `waker` (none for a virtual terminal).
  init(waker: (any TerminalWaker)?) {
    self.waker = waker
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.withLock(body)
  }

  /// Queues `job` to run on the run loop and wakes the loop. Callable from any thread.
  public func post(_ job: @escaping @MainActor @Sendable () -> Void) {
    locked { jobs.append(job) }
    waker?.wake()
  }

  /// Whether jobs are waiting.
  public var hasPendingJobs: Bool { locked { !jobs.isEmpty } }

  /// Takes the queued jobs, oldest first.
  func takeJobs() -> [@MainActor @Sendable () -> Void] {
    locked {
      defer { jobs = [] }
      return jobs
    }
  }
}
