import SystemLibc

/// A failed system call's `errno`, as a typed error: what ``syscall(_:_:)`` and the rest of
/// System throw, so callers can match a code and print the C library's text for it.
public struct Errno: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The `errno` value.
  public let code: Int32

  /// An error with this `errno` value.
  public init(_ code: Int32) { self.code = code }

  /// The calling thread's current `errno`.
  public static var current: Errno { Errno(errno) }

  /// No such file or directory.
  public static let noSuchFile = Errno(ENOENT)
  /// The file exists.
  public static let fileExists = Errno(EEXIST)
  /// The reader of a pipe has gone.
  public static let brokenPipe = Errno(EPIPE)
  /// Non-blocking descriptor with nothing to read or no room to write.
  public static let wouldBlock = Errno(EAGAIN)
  /// No child process of that id (already reaped).
  public static let noChild = Errno(ECHILD)

  /// The C library's sentence for the code, as `strerror` gives it ("No such file or directory").
  public var description: String { String(cString: strerror(code)) }
}
