/// A mistake on the command line, in one sentence; a tool prints it and exits with status 2.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, in one sentence.
  public var message: String

  /// Creates an error with a message.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
