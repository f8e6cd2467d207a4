import Foundation
import System

/// A call that may block, run on a thread of its own, so that a test can wait for it with a
/// deadline instead of hanging.
final class BackgroundCall<Value: Sendable>: Sendable {
  private let result = LockedValue<Value?>(nil)
  private let done = DispatchSemaphore(value: 0)

  /// Starts `body` on a new thread.
  init(_ body: @escaping @Sendable () -> Value) {
    let (result, done) = (result, done)
    Thread {
      let value = body()
      result.withLock { $0 = value }
      done.signal()
    }.start()
  }

  /// Whether the call has returned, waiting for it at most `seconds`.
  func returned(within seconds: Double) -> Bool {
    guard done.wait(timeout: .now() + seconds) == .success else { return false }
    done.signal()
    return true
  }

  /// What the call returned; nil while it runs.
  var value: Value? { result.withLock { $0 } }
}
