/// A pull-based sequence of frames. Call `next()` until it returns nil; a thrown error names
/// the failing input and, for folders and lists, the next call goes on with the following
/// input. Call `close()` (or drop the source) to stop early: a video's decoder and file are
/// closed. Use a source from one thread at a time.
public protocol FrameSource: AnyObject {
  /// The input as given.
  var name: String { get }
  /// What the input is.
  var kind: FrameSourceKind { get }
  /// How many frames to expect, when known (for progress display).
  var expectedFrameCount: Int? { get }
  /// The input and what it is, for the screen's title, such as `clip.mp4 (video, 640x360, 25 fps)`.
  var summary: String { get }
  /// The exact frame rate as the stream gives it (`30000/1001`); unknown for pictures.
  var frameRate: FrameRate { get }
  /// A folder's pictures, in order, each a frame; empty for other sources.
  var slidePaths: [String] { get }
  /// The next frame, nil at the end.
  func next() throws(FrameSourceError) -> Frame?
  /// Stops the source and releases its resources; later `next()` calls return nil.
  func close()
}

extension FrameSource {
  /// The input and its kind, such as `photo.jpg (image)`.
  public var summary: String { "\(name) (\(kind.rawValue))" }
  /// No frame rate: a source of pictures.
  public var frameRate: FrameRate { .unknown }
  /// No slides: a source that is not a folder.
  public var slidePaths: [String] { [] }
}
