/// A system call that failed, named, with its ``Errno``: for callers that report which call
/// failed (`poll failed: Input/output error (errno 5)`).
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The call, such as `tcsetattr`.
  public var call: String
  /// Its `errno`.
  public var errno: Errno

  /// The failure of `call` with `errno`.
  public init(call: String, errno: Errno) {
    self.call = call
    self.errno = errno
  }

  /// `tcsetattr failed: Input/output error (errno 5)`.
  public var description: String { "\(call) failed: \(errno) (errno \(errno.code))" }
}

/// Runs `body` as ``syscall(_:)`` does (retried on EINTR), naming the call in the error.
@discardableResult
public func syscall<Result: FixedWidthInteger>(
  named call: String, _ body: () -> Result
) throws(SystemCallError) -> Result {
  do throws(Errno) {
    return try syscall(body)
  } catch {
    throw SystemCallError(call: call, errno: error)
  }
}
