import SystemLibc

/// A value that threads share, behind a pthread mutex: `Synchronization.Mutex`'s `withLock` for
/// state that ThreadSanitizer checks.
///
/// On Linux a contended `Mutex` hands its lock over through a futex, which ThreadSanitizer
/// cannot see, so it reports the next access as a race; it follows a pthread mutex.
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
