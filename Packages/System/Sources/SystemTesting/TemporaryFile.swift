import Foundation
import System

/// A file in the temporary folder, open for writing, removed when the value goes: a test's
/// standard output or error.
public final class TemporaryFile {
  /// Where the file is.
  public let url: URL
  /// The descriptor open for writing.
  public let descriptor: Int32

  /// Creates an empty file.
  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("emotions-\(UUID().uuidString).txt")
    descriptor = try FileDescriptor.open(url.path, O_WRONLY | O_CREAT | O_TRUNC).rawValue
  }

  deinit {
    close(descriptor)
    try? FileManager.default.removeItem(at: url)
  }

  /// What was written so far, read with POSIX calls (Foundation's whole-file readers leak their
  /// buffer on an empty file, which LeakSanitizer reports).
  public func text() throws -> String {
    let reader = try FileDescriptor.open(url.path, O_RDONLY)
    defer { reader.close() }
    return String(decoding: try reader.readAll(), as: UTF8.self)
  }
}
