/// An output option that cannot work, found before the first frame is read: an output that
/// names an input or a file already there, a `--resume` file that is not this run's records.
/// `detect` prints it and exits with status 2, as for any mistake on the command line.
struct OutputOptionError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, in one sentence.
  var message: String

  /// An error with its message.
  init(_ message: String) { self.message = message }

  var description: String { message }
}
