import SystemLibc

/// A value that threads share, behind a pthread mutex: the project's one lock. The value is
/// reached only inside ``withLock(_:)``, so the compiler, not a comment, keeps it guarded.
///
/// Not `Synchronization.Mutex`: on Linux a contended `Mutex` hands its lock over in the
/// kernel's futex, where ThreadSanitizer sees no hand-over, so it reports the next owner's
/// accesses as races; it follows a pthread mutex. Checked with `swift test --sanitize=thread`
/// (Swift 6.3): four threads passing objects through a pool had 7 races reported under `Mutex`
/// and none under this lock or `NSLock` (a pthread mutex too, but one that guards nothing by
/// itself). Waiting for a value to change needs a condition variable, which a lock has not:
/// FaceAnalysis's `ConditionGuarded` (an `NSCondition`) is the one place that waits so.
///
/// ```swift
/// let jobs = LockedValue<[Job]>([])
/// jobs.withLock { $0.append(job) }     // from any thread
/// ```
public final class LockedValue<Value> {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var value: Value

  /// A lock holding `value`.
  public init(_ value: Value) {
    self.value = value
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` on the value while holding the lock, and returns what it returns.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

// Checked by hand: the value is reached only inside `withLock`, under the mutex.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
