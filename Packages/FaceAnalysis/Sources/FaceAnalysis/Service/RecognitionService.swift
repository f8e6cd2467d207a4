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

/// A running recognition over one source. Calls come from one background thread at a time.
public protocol RecognitionSession: AnyObject, Sendable {
  /// What is being read, such as `faces.mp4 (video, 640x360, 10 fps)`.
  var summary: String { get }

  /// The source's frame rate for playback, or `nil` for still images.
  var framesPerSecond: Double? { get }

  /// Decodes and recognises the next frame; `nil` at the end of the source.
  ///
  /// - Throws: when the source fails mid-way (a camera unplugged, a truncated video).
  func next() throws -> RecognizedFrame?

  /// Stops reading and releases the source (an ffmpeg child is ended and reaped).
  func close()
}

/// One frame with its faces, as a recognition session yields it.
public struct RecognizedFrame: Sendable {
  /// The frame's index in its source, from 0.
  public var index: Int
  /// The frame's time in seconds from the start.
  public var time: Double
  /// The file the frame came from, for folders; otherwise the source's name.
  public var name: String
  /// The picture.
  public var image: RGBImage
  /// The faces found, in detection order.
  public var faces: [RecognizedFace]
  /// Seconds spent finding faces.
  public var detectionSeconds: Double
  /// Seconds spent classifying them.
  public var classificationSeconds: Double

  /// Creates a frame.
  public init(
    index: Int, time: Double, name: String, image: RGBImage, faces: [RecognizedFace],
    detectionSeconds: Double = 0,
    classificationSeconds: Double = 0
  ) {
    self.index = index
    self.time = time
    self.name = name
    self.image = image
    self.faces = faces
    self.detectionSeconds = detectionSeconds
    self.classificationSeconds = classificationSeconds
  }
}
