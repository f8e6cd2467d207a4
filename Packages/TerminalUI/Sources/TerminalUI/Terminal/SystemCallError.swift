/// A system call that failed, with its `errno`.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The call, such as `tcsetattr`.
  public var call: String
  /// The `errno` value.
  public var errno: Int32
  /// The system's text for the error, such as "Input/output error".
  public var message: String

  /// Creates an error.
  public init(call: String, errno: Int32, message: String = "") {
    self.call = call
    self.errno = errno
    self.message = message
  }

  /// `tcsetattr failed: Input/output error (errno 5)`.
  public var description: String {
    "\(call) failed: \(message.isEmpty ? "error" : message) (errno \(errno))"
  }
}
