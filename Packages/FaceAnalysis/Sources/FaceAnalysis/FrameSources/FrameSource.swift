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
  /// How the source plays on the Vision screen: once, as slides, or paced to its frame rate.
  var playback: Playback { get }
  /// The input and what it is, for the screen's title, such as `clip.mp4 (video, 640x360, 25 fps)`.
  var summary: String { get }
  /// The exact frame rate as the stream gives it (`30000/1001`), for a video file written at
  /// the same rate; nil when the source has none.
  var frameRateFraction: String? { get }
  /// The pictures of a ``Playback/slideShow(count:)``, in order; empty for other sources.
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
  public var frameRateFraction: String? { nil }
  /// No slides: a source that is not a folder.
  public var slidePaths: [String] { [] }
}
