import Foundation
import Media
import System

/// Saves frames as PNG files through libpng, with every face boxed and labelled as on the
/// screen (``FrameAnnotator/marks(for:)``), named `emotions-<source>-<frame>-<date>.png`.
///
/// The folder is `$XDG_PICTURES_DIR` when it names a folder, otherwise the current
/// directory; the screen says where each file went.
public struct FrameSaver: Sendable {
  /// Where the files go.
  public let directory: String
  /// The time for file names.
  let now: @Sendable () -> Date

  /// A saver writing to `directory` (by default ``defaultDirectory(environment:currentDirectory:)``).
  public init(
    directory: String = FrameSaver.defaultDirectory(), now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.directory = directory
    self.now = now
  }

  /// `$XDG_PICTURES_DIR` if it is a folder, else the current directory.
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    var isDirectory: ObjCBool = false
    if let pictures = environment["XDG_PICTURES_DIR"], !pictures.isEmpty,
      FileManager.default.fileExists(atPath: pictures, isDirectory: &isDirectory), isDirectory.boolValue
    {
      return pictures
    }
    return currentDirectory
  }

  /// Saves `frame`, read from `source`, and returns the file's path. No file is ever
  /// replaced: a name taken meanwhile (by another process) moves on to the next one.
  ///
  /// - Throws: ``MediaWriteError`` when the file cannot be written, or when ``directory``
  ///   is the folder `source` shows, whose pictures a saved frame would join.
  public func save(_ frame: RecognizedFrame, source: String) throws(MediaWriteError) -> String {
    if let folder = FileIdentity(path: directory), FileIdentity(path: source) == folder {
      let reason = "it is the folder being shown, \(source); set XDG_PICTURES_DIR to another folder"
      throw MediaWriteError(path: directory, kind: .png, reason: .failed(reason))
    }
    let image = FrameAnnotator.annotate(frame.image, with: FrameAnnotator.marks(for: frame))
    // A few tries: each name was free when chosen, and only a race takes it.
    var taken = ""
    for _ in 0..<10 {
      let path = freePath(for: frame, source: source)
      do throws(MediaWriteError) {
        try PNGEncoder.write(image, to: path, replacing: false)
        return path
      } catch {
        guard error.reason == .exists else { throw error }
        taken = path
      }
    }
    throw MediaWriteError(path: taken, kind: .png, reason: .exists)
  }

  /// A name no file has yet: `emotions-faces-frame12-20260101-120000.png`, then `-2`, `-3`…
  func freePath(for frame: RecognizedFrame, source: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let name = ((frame.name.isEmpty ? source : frame.name) as NSString).lastPathComponent
    let stem = (name as NSString).deletingPathExtension
    let safe = String(stem.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }.prefix(40))
    let base =
      "emotions-\(safe.isEmpty ? "frame" : safe)-frame\(frame.index)-\(formatter.string(from: now()))"
    // Any name at all counts as taken, a dangling symbolic link included.
    let free = FreeName.first(stem: base, extension: "png") { candidate in
      FileIdentity.exists((directory as NSString).appendingPathComponent(candidate))
    }
    return (directory as NSString).appendingPathComponent(free)
  }
}
