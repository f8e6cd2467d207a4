/// Why `emotions merge` wrote nothing: one line naming the part or the output.
struct MergeError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, in one sentence.
  var message: String

  /// An error with its message.
  init(_ message: String) { self.message = message }

  var description: String { message }
}
