import Foundation
import System

/// Opens inputs as frame sources.
///
/// ```swift
/// let source = try FrameSourceFactory.open("clip.mp4", options: FrameSourceOptions(every: 5))
/// defer { source.close() }
/// while let frame = try source.next() {
///   let faces = try recognizer.recognize(frame.image)
///   print(frame.source, frame.index, frame.time ?? 0, faces.count)
/// }
/// ```
public enum FrameSourceFactory {
  /// What `open` would make of `input`, found without opening it; nil when nothing is there.
  public static func locate(_ input: String) -> FrameSourceLocator? {
    kind(of: input).map { FrameSourceLocator(input: input, kind: $0) }
  }

  /// The extensions of a bare motion-JPEG stream, which ffmpeg reads as a video.
  static let motionJPEGExtensions: Set<String> = ["mjpeg", "mjpg"]

  private static func kind(of input: String) -> FrameSourceKind? {
    if input.hasPrefix("lavfi:") { return .lavfi }
    if input.hasPrefix("@") { return .list }
    if isCamera(input) { return .camera }
    switch PathStatus(of: input) {
    case .missing: return nil
    case .directory: return .folder
    // A named pipe, a device, a symbolic-link loop or a path it may not look at: the image
    // reader refuses it with a line saying which, and nothing opens it (a pipe would block).
    case .special, .failed: return .image
    case .regularFile: break
    }
    let pathExtension = (input as NSString).pathExtension.lowercased()
    if ImageFormat.fromExtension(pathExtension) != nil { return .image }
    // A motion-JPEG stream is JPEG pictures one after another: its first bytes are a JPEG's.
    if motionJPEGExtensions.contains(pathExtension) { return .video }
    // No telling extension: look at the first bytes.
    if let handle = FileHandle(forReadingAtPath: input) {
      defer { try? handle.close() }
      let head = (try? handle.read(upToCount: 8)) ?? Data()
      if ImageFormat.sniff(head) != nil { return .image }
      if head.isEmpty { return .image }
    }
    return .video
  }

  /// A source for one input: an image file, a folder of images, a video file, a camera
  /// (`/dev/videoN`), an ffmpeg graph (`lavfi:testsrc=duration=2:size=320x240`) or `@list.txt`,
  /// a file with one input per line.
  public static func open(
    _ input: String, options: FrameSourceOptions = FrameSourceOptions()
  )
    throws(FrameSourceError) -> any FrameSource
  {
    guard options.every >= 1 else {
      throw FrameSourceError.invalidOption("--every must be at least 1 (got \(options.every))")
    }
    guard let located = locate(input) else { throw FrameSourceError.notFound(path: input) }
    return try open(located, options: options)
  }

  /// A source for an input already located.
  public static func open(
    _ located: FrameSourceLocator, options: FrameSourceOptions = FrameSourceOptions()
  )
    throws(FrameSourceError) -> any FrameSource
  {
    guard options.every >= 1 else {
      throw FrameSourceError.invalidOption("--every must be at least 1 (got \(options.every))")
    }
    let input = located.input
    let kind = located.kind
    switch kind {
    case .image:
      return ImageFileSource(path: input, maxPixels: options.maxPixels)
    case .folder:
      return try FolderSource(path: input, options: options)
    case .list:
      return ListSource(inputs: try listInputs(String(input.dropFirst())), options: options)
    case .camera:
      guard FileManager.default.fileExists(atPath: input) else {
        throw FrameSourceError.notFound(path: input)
      }
      return try VideoSource(input: input, kind: kind, options: options)
    case .video, .lavfi:
      return try VideoSource(input: input, kind: kind, options: options)
    }
  }

  /// A source that reads several inputs one after another.
  public static func open(
    _ inputs: [String], options: FrameSourceOptions = FrameSourceOptions()
  ) -> any FrameSource {
    ListSource(inputs: inputs, options: options)
  }

  /// The inputs a list file (`@list.txt`, given without its `@`) names: its non-empty,
  /// non-comment (`#`) lines, trimmed.
  public static func listInputs(_ path: String) throws(FrameSourceError) -> [String] {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      guard FileManager.default.fileExists(atPath: path) else { throw FrameSourceError.notFound(path: path) }
      throw FrameSourceError.unreadableList(path: path, reason: (error as NSError).localizedDescription)
    }
    return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  private static func isCamera(_ input: String) -> Bool {
    guard input.hasPrefix("/dev/video") else { return false }
    return !input.dropFirst("/dev/video".count).isEmpty
      && input.dropFirst("/dev/video".count).allSatisfy(\.isNumber)
  }
}
