import SystemLibc

/// Where a command writes: the process's standard output and error, or, in tests, any two
/// descriptors. Writing never traps: a closed pipe (`emotions detect … | head -1`) is
/// reported as `false`, so the caller can stop quietly.
public struct StandardStreams: Sendable {
  /// The descriptor lines go to.
  public var output: Int32
  /// The descriptor errors and progress go to.
  public var errors: Int32

  /// The process's own standard output and error.
  public static let process = StandardStreams()

  /// Streams on two descriptors (tests give pipes or files).
  public init(output: Int32 = STDOUT_FILENO, errors: Int32 = STDERR_FILENO) {
    self.output = output
    self.errors = errors
  }

  /// Whether the output descriptor is open at all (`>&-` closes it before the start).
  public var isOutputOpen: Bool { fcntl(output, F_GETFD) != -1 }

  /// Writes a line to the output; false when the reader has gone.
  public func printLine(_ text: String) -> Bool {
    write(text + "\n", to: output)
  }

  /// Writes `text` to the output as it is, without a line ending; false when the reader has gone.
  public func printText(_ text: String) -> Bool {
    write(text, to: output)
  }

  /// Writes a line to the errors, prefixed with the tool's name.
  public func printError(_ text: String) {
    _ = write("emotions: \(text)\n", to: errors)
  }

  /// Writes raw text to the errors (progress bars).
  public func printProgress(_ text: String) {
    _ = write(text, to: errors)
  }

  /// Whether the errors go to a terminal.
  public var isErrorTerminal: Bool { isatty(errors) == 1 }

  /// Writes all of `text`; false when it could not (the reader has gone).
  private func write(_ text: String, to descriptor: Int32) -> Bool {
    (try? FileDescriptor(rawValue: descriptor).writeAll(text)) != nil
  }
}
