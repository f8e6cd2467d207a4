import Foundation

/// Writes to standard output and standard error without ever trapping: a closed pipe
/// (`emotions detect … | head -1`) is reported as `false`, so the caller can stop quietly.
enum StandardStreams {
  /// Writes a line to standard output and flushes it; false when the reader has gone.
  static func printLine(_ text: String) -> Bool {
    write(text + "\n", to: STDOUT_FILENO)
  }

  /// Writes a line to standard error, prefixed with the tool's name.
  static func printError(_ text: String) {
    _ = write("emotions: \(text)\n", to: STDERR_FILENO)
  }

  /// Writes raw text to standard error (progress bars).
  static func printProgress(_ text: String) {
    _ = write(text, to: STDERR_FILENO)
  }

  /// Whether standard error is a terminal.
  static var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// Writes all of `text`, retrying after interruptions; false on any other error.
  private static func write(_ text: String, to descriptor: Int32) -> Bool {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      bytes = bytes.dropFirst(written)
    }
    return true
  }
}
