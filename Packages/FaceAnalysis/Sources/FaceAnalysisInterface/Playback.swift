/// How a source is played on the Vision screen.
public enum Playback: Equatable, Sendable {
  /// One picture, recognised once.
  case still
  /// The images of a folder, stepped through one at a time with ``RecognitionSession/frame(at:)``.
  case slideShow(count: Int)
  /// A file that plays at its own frame rate (when known) and ends.
  case video(framesPerSecond: Double?)
  /// A camera or an ffmpeg `lavfi:` graph: it runs as long as it likes, paced to its frame
  /// rate; a camera that stops sending frames is lost (it was unplugged).
  case live(framesPerSecond: Double?, isCamera: Bool)

  /// The rate frames are due at, if any.
  public var framesPerSecond: Double? {
    switch self {
    case .still, .slideShow: return nil
    case .video(let rate), .live(let rate, _): return rate
    }
  }

  /// Whether the source runs in real time whatever the reader does (frames must be dropped
  /// rather than waited for).
  public var isLive: Bool {
    if case .live = self { return true }
    return false
  }

  /// Whether the source is a camera.
  public var isCamera: Bool {
    if case .live(_, true) = self { return true }
    return false
  }
}
