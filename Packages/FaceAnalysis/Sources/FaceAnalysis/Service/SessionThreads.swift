import Foundation

/// The threads and queued jobs of one recognition session, and its stop. Each thread and job
/// is counted while it runs; ``stop()`` marks the session stopped, and ``waitForEnd()`` waits
/// for the count to reach zero: at most ``stopTimeout``, or, while a frame is being recognised
/// (``recognizing(_:)``), until that frame is done, at most ``recognitionStopLimit``.
final class SessionThreads: Sendable {
  private struct State: Sendable {
    var stopped = false
    /// Threads and jobs that have not ended yet.
    var running = 0
    /// Whether a frame's recognition is under way.
    var recognizing = false
  }

  private let state = ConditionGuarded(State())
  /// How long ``waitForEnd()`` waits when no frame is being recognised.
  let stopTimeout: TimeInterval
  /// How long ``waitForEnd()`` waits at most for a frame being recognised.
  let recognitionStopLimit: TimeInterval

  /// The session's wait at its stop: a frame being read, a frame being saved, and the source's
  /// closing take far less; a source stuck in a read is left behind.
  static let stopTimeout: TimeInterval = 2

  /// The session's longest wait for a frame being recognised, however long it takes (a huge
  /// photo through the Haar cascade can take longer than ``stopTimeout``): an app that ends
  /// during it would free OpenBLAS's buffers under the thread.
  static let recognitionStopLimit: TimeInterval = 60

  /// Threads waited for as the session's are, or for the times given.
  init(
    stopTimeout: TimeInterval = SessionThreads.stopTimeout,
    recognitionStopLimit: TimeInterval = SessionThreads.recognitionStopLimit
  ) {
    self.stopTimeout = stopTimeout
    self.recognitionStopLimit = recognitionStopLimit
  }

  /// Whether ``stop()`` was called.
  var isStopped: Bool { state.wait { .done($0.stopped) } }

  /// Marks the session stopped; what runs sees it in ``isStopped`` and ends.
  func stop() {
    state.locked { $0.stopped = true }
  }

  /// Runs `body` on a thread of its own named `name`, counted until it ends.
  func start(named name: String, _ body: @escaping @Sendable () -> Void) {
    jobStarted()
    let thread = Thread { [self] in
      body()
      jobEnded()
    }
    thread.name = name
    thread.start()
  }

  /// Counts a job queued elsewhere (a save, a detector switch) until ``jobEnded()``.
  func jobStarted() {
    state.locked { $0.running += 1 }
  }

  /// Ends the count of a job ``jobStarted()`` began.
  func jobEnded() {
    state.locked { $0.running -= 1 }
  }

  /// Runs `body`, a frame's recognition, marked as under way for ``waitForEnd()``.
  func recognizing<T>(_ body: () -> T) -> T {
    state.locked { $0.recognizing = true }
    defer { state.locked { $0.recognizing = false } }
    return body()
  }

  /// Waits until every thread and job has ended, for at most ``stopTimeout``, or while a frame
  /// is being recognised until it is done, for at most ``recognitionStopLimit``.
  func waitForEnd() {
    let started = Date()
    let deadline = started.addingTimeInterval(stopTimeout)
    let limit = started.addingTimeInterval(recognitionStopLimit)
    state.wait { state in
      let now = Date()
      if state.running == 0 || now >= limit || (now >= deadline && !state.recognizing) { return .done(()) }
      return .wait(until: state.recognizing ? limit : deadline)
    }
  }
}
