/// A mistake on the command line; the tool prints it with a hint and exits with status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, in one sentence.
  var message: String

  /// Creates an error with a message.
  init(_ message: String) { self.message = message }

  var description: String { message }
}
