import Foundation
import System

/// Where `detect` writes its records: standard output, or the file of `--output`.
///
/// Each record (its JSON line, or all its CSV rows or table rows) goes out in one write, so a
/// crash leaves at most one torn record at the end of a file, which `--resume` drops. The file
/// is synced to the disk when the run ends (``finish()``).
final class RecordOutput {
  /// How `--output` opens its file.
  enum Opening: Equatable {
    /// A new file; one already there is refused.
    case create
    /// The file emptied first (`--overwrite`).
    case replace
    /// The file continued (`--resume`) after its first `keptLength` bytes.
    case resume(keptLength: Int)
  }

  /// The file's path; nil for standard output.
  let path: String?
  private var streams: StandardStreams
  private var descriptor: Int32?
  private let killSwitch: TestKillSwitch?
  private var recordsWritten = 0

  /// Records to standard output (`streams.output`).
  init(streams: StandardStreams) {
    self.streams = streams
    path = nil
    descriptor = nil
    killSwitch = nil
  }

  private init(path: String, descriptor: Int32, streams: StandardStreams, environment: [String: String]) {
    self.path = path
    self.descriptor = descriptor
    self.streams = streams
    self.streams.output = descriptor
    killSwitch = TestKillSwitch(environment: environment)
  }

  deinit {
    if let descriptor { close(descriptor) }
  }

  /// Opens `path` for the records; errors still go to `streams`.
  static func open(
    _ path: String, _ opening: Opening, streams: StandardStreams,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Result<RecordOutput, OutputOptionError> {
    var flags = O_WRONLY | O_CREAT | O_CLOEXEC
    switch opening {
    case .create: flags |= O_EXCL
    case .replace: flags |= O_TRUNC
    case .resume: flags |= O_APPEND
    }
    let descriptor = Foundation.open(path, flags, 0o666)
    guard descriptor >= 0 else {
      if errno == EEXIST {
        return .failure(
          OutputOptionError(
            "--output \(path) exists; add --overwrite to replace it or --resume to continue it"))
      }
      return .failure(
        OutputOptionError("--output \(path): cannot write it (\(String(cString: strerror(errno))))"))
    }
    if case .resume(let keptLength) = opening, ftruncate(descriptor, off_t(keptLength)) != 0 {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      return .failure(OutputOptionError("--output \(path): cannot cut off its torn end (\(reason))"))
    }
    return .success(
      RecordOutput(path: path, descriptor: descriptor, streams: streams, environment: environment))
  }

  /// Writes a header line (the table's, CSV's), which is not a record; false when it could
  /// not be written.
  func writeHeader(_ line: String) -> Bool {
    streams.printLine(line)
  }

  /// Writes one record's lines in one write; false when they could not be written.
  func write(_ lines: [String]) -> Bool {
    let text = lines.joined(separator: "\n")
    if let killSwitch, let cut = killSwitch.cut(recordAt: recordsWritten, of: text.count) {
      if cut > 0 { _ = streams.printText(String(text.prefix(cut))) }
      killSwitch.kill()
    }
    recordsWritten += 1
    return streams.printLine(text)
  }

  /// Why the last write failed, for the line that says so.
  var lastFailure: String { String(cString: strerror(errno)) }

  /// Ends the file: syncs it to the disk and closes it. Returns why that failed, if it did.
  func finish() -> String? {
    guard let descriptor else { return nil }
    self.descriptor = nil
    let synced = fsync(descriptor) == 0 || errno == EINVAL
    let reason = synced ? nil : String(cString: strerror(errno))
    return close(descriptor) == 0 ? reason : reason ?? String(cString: strerror(errno))
  }
}
