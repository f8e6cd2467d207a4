/// What kind of input a frame source reads.
public enum FrameSourceKind: String, Sendable {
  /// One still image.
  case image
  /// The images of a folder, sorted by name.
  case folder
  /// Several inputs one after another.
  case list
  /// A video file, decoded by ffmpeg.
  case video
  /// A V4L2 camera (`/dev/videoN`), read by ffmpeg.
  case camera
  /// An ffmpeg `lavfi` filter graph (`lavfi:testsrc=duration=2`).
  case lavfi
}

/// A pull-based sequence of frames. Call `next()` until it returns nil; a thrown error names
/// the failing input and, for folders and lists, the next call goes on with the following
/// input. Call `close()` (or drop the source) to stop early: any ffmpeg child is ended and
/// reaped. Use a source from one thread at a time.
public protocol FrameSource: AnyObject {
  /// The input as given.
  var name: String { get }
  /// What the input is.
  var kind: FrameSourceKind { get }
  /// How many frames to expect, when known (for progress display).
  var expectedFrameCount: Int? { get }
  /// The next frame, nil at the end.
  func next() throws(FrameSourceError) -> Frame?
  /// Stops the source and releases its resources; later `next()` calls return nil.
  func close()
}
