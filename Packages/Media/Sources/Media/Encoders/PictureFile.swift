import System

/// A picture's encoded bytes written as a file that appears whole or not at all: what both
/// encoders' `write` do once the picture is encoded.
enum PictureFile {
  /// Writes `encoded` to `path` (or throws why it could not be encoded), replacing a file
  /// there only when `replacing`.
  static func write(
    _ encoded: Result<[UInt8], MediaWriteError>, as kind: MediaWriteError.Kind, to path: String,
    replacing: Bool
  ) throws(MediaWriteError) {
    let bytes: [UInt8]
    switch encoded {
    case .success(let data): bytes = data
    case .failure(let failure): throw MediaWriteError(path: path, kind: kind, reason: failure.reason)
    }
    do throws(AtomicFile.Failure) {
      try AtomicFile.write(bytes, to: path, replacing: replacing, mode: 0o666)
    } catch {
      throw MediaWriteError(path: path, kind: kind, error)
    }
  }
}
