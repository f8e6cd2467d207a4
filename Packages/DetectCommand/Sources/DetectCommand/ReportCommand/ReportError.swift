/// Why `emotions report` wrote no page: one line naming the records, the summary or the output.
struct ReportError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, in one sentence.
  var message: String

  /// An error with its message.
  init(_ message: String) { self.message = message }

  var description: String { message }
}
