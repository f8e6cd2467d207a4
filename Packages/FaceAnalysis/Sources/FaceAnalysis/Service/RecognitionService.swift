/// What a screen needs to recognise emotions from a source the user names: a check of the
/// name as it is typed, and a session that yields recognised frames.
///
/// ``LiveRecognitionService`` is the real one; tests and demos pass fakes.
public protocol RecognitionService: Sendable {
  /// The class names, in model order.
  var labels: [String] { get }

  /// Checks a source name (an image, a folder, a video, `/dev/videoN`, `lavfi:<graph>`)
  /// without opening it for long; cheap enough to run on every key press.
  func inspect(source: String) -> SourceInspection

  /// Opens a source for recognition.
  ///
  /// - Throws: an error whose description is one line naming the source and the problem.
  func open(source: String) throws -> any RecognitionSession
}

/// What ``RecognitionService/inspect(source:)`` found.
public enum SourceInspection: Equatable, Sendable {
  /// The source can be opened; the summary says what it is, such as `video, 640x360`.
  case valid(summary: String)
  /// It cannot; the reason says why, such as `no such file`.
  case invalid(reason: String)
}

/// A running recognition over one source, in two stages that may run on two threads:
/// ``read()`` decodes the next frame, ``recognize(_:)`` finds its faces and emotions.
///
/// A pipeline reads on one thread and recognises on another, so that a slow recognizer
/// drops frames instead of holding up a live source. ``read()``, ``frame(at:)`` and
/// ``close()`` are called from one thread at a time; ``recognize(_:)`` may run at the same
/// time as ``read()``, on another thread.
public protocol RecognitionSession: AnyObject, Sendable {
  /// What is being read, such as `faces.mp4 (video, 640x360, 10 fps)`.
  var summary: String { get }

  /// How the source is played: a still, a slide show, a video or a live stream.
  var playback: Playback { get }

  /// Decodes the next frame; `nil` at the end of the source.
  ///
  /// - Throws: when the source fails mid-way (a camera unplugged, a truncated video).
  func read() throws -> Frame?

  /// Finds the faces in a frame and names their emotions, timed.
  func recognize(_ frame: Frame) throws -> RecognizedFrame

  /// Decodes slide `index` of a ``Playback/slideShow(count:)``, from 0.
  ///
  /// - Throws: when the slide cannot be read, or the source is not a slide show.
  func frame(at index: Int) throws -> Frame

  /// Stops reading and releases the source (an ffmpeg child is ended and reaped).
  func close()
}

extension RecognitionSession {
  /// Reads and recognises the next frame on the calling thread; `nil` at the end.
  public func next() throws -> RecognizedFrame? {
    guard let frame = try read() else { return nil }
    return try recognize(frame)
  }

  /// The source's frame rate, when it has one.
  public var framesPerSecond: Double? { playback.framesPerSecond }
}
