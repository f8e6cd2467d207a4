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
  private var file: FileDescriptor?
  private var recordsWritten = 0
  /// The file this run created (``Opening/create``), which it removes if it wrote no record.
  private var createdFile: FileIdentity?

  /// Records to standard output (`streams.output`).
  init(streams: StandardStreams) {
    self.streams = streams
    path = nil
    file = nil
  }

  private init(path: String, file: FileDescriptor, streams: StandardStreams) {
    self.path = path
    self.file = file
    self.streams = streams
    self.streams.output = file.rawValue
  }

  deinit {
    file?.close()
  }

  /// Opens `path` for the records; errors still go to `streams`.
  static func open(
    _ path: String, _ opening: Opening, streams: StandardStreams
  ) -> Result<RecordOutput, OutputOptionError> {
    var flags = O_WRONLY | O_CREAT
    switch opening {
    case .create: flags |= O_EXCL
    case .replace: flags |= O_TRUNC
    case .resume: flags |= O_APPEND
    }
    let file: FileDescriptor
    do throws(Errno) {
      file = try FileDescriptor.open(path, flags, mode: 0o666)
    } catch {
      if error == .fileExists {
        return .failure(
          OutputOptionError(
            "--output \(path) exists; add --overwrite to replace it or --resume to continue it"))
      }
      return .failure(OutputOptionError("--output \(path): cannot write it (\(error))"))
    }
    if case .resume(let keptLength) = opening {
      do throws(Errno) {
        try file.truncate(to: keptLength)
      } catch {
        file.close()
        return .failure(OutputOptionError("--output \(path): cannot cut off its torn end (\(error))"))
      }
    }
    let output = RecordOutput(path: path, file: file, streams: streams)
    if opening == .create { output.createdFile = FileIdentity(descriptor: file) }
    return .success(output)
  }

  /// Writes a header line (the table's, CSV's), which is not a record; false when it could
  /// not be written.
  func writeHeader(_ line: String) -> Bool {
    streams.printLine(line)
  }

  /// Writes one record's lines in one write; false when they could not be written.
  func write(_ lines: [String]) -> Bool {
    recordsWritten += 1
    return streams.printLine(lines.joined(separator: "\n"))
  }

  /// Why the last write failed, for the line that says so.
  var lastFailure: String { Errno.current.description }

  /// Ends a file this run created and wrote no record to (when the model cannot load), and
  /// removes it, so that the next run can create it again.
  func removeIfUnwritten() {
    guard recordsWritten == 0, let createdFile, let path else { return }
    _ = finish()
    createdFile.removeName(path)
  }

  /// Ends the file: syncs it to the disk and closes it. Returns why that failed, if it did.
  func finish() -> String? {
    guard let file else { return nil }
    self.file = nil
    defer { file.close() }
    do throws(Errno) {
      try file.synchronize()
      return nil
    } catch {
      return error.description
    }
  }
}
