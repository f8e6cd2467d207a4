import SystemLibc

/// Runs a system call that reports failure as -1 with `errno` set, calling it again while it
/// fails with EINTR (a signal arrived), and throws any other failure as a typed ``Errno``.
///
/// The one place outside the C signal shim that retries interrupted calls, in swift-nio's
/// manner: `let count = try syscall { read(fd, buffer, size) }`.
@discardableResult
@inlinable
public func syscall<Result: FixedWidthInteger>(_ body: () -> Result) throws(Errno) -> Result {
  while true {
    let result = body()
    guard result == -1 else { return result }
    let code = errno
    if code == EINTR { continue }
    throw Errno(code)
  }
}

/// Runs a call that returns an error number instead of setting `errno` (the `pthread_` and
/// spawn family: 0 on success), calling it again on EINTR; throws any other number.
@inlinable
public func syscallReturningError(_ body: () -> Int32) throws(Errno) {
  while true {
    let code = body()
    if code == 0 { return }
    if code == EINTR { continue }
    throw Errno(code)
  }
}
