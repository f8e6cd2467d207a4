import FaceAnalysis
import Foundation

/// Saves frames as PNG files through libpng, with every face boxed and labelled as on the
/// screen, named `emotions-<source>-<frame>-<date>.png`.
///
/// The folder is `$XDG_PICTURES_DIR` when it names a folder, otherwise the current
/// directory; the screen says where each file went.
struct PNGFrameSaver: FrameSaving {
  /// Where the files go.
  let directory: String
  /// The time for file names.
  let now: @Sendable () -> Date

  init(
    directory: String = PNGFrameSaver.defaultDirectory(), now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.directory = directory
    self.now = now
  }

  /// `$XDG_PICTURES_DIR` if it is a folder, else the current directory.
  static func defaultDirectory(
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

  func save(_ frame: RecognizedFrame, source: String) throws -> String {
    let marks = frame.faces.map { face in
      FrameAnnotator.Mark(
        box: face.box, label: "\(face.emotion) \(VisionReport.percent(face.confidence))",
        color: EmotionPalette.components(of: face.emotion))
    }
    let image = FrameAnnotator.annotate(frame.image, with: marks)
    let path = freePath(for: frame, source: source)
    try PNGEncoder.write(image, to: path)
    return path
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
    var candidate = (directory as NSString).appendingPathComponent(base + ".png")
    var counter = 2
    while FileManager.default.fileExists(atPath: candidate) {
      candidate = (directory as NSString).appendingPathComponent("\(base)-\(counter).png")
      counter += 1
    }
    return candidate
  }
}
