import Media

/// One open source in two stages that may run on two threads: ``read()`` decodes the next
/// frame, ``recognize(_:)`` finds its faces and emotions. ``RecognitionPipeline`` runs them.
///
/// ``read()``, ``frame(at:)`` and ``close()`` are called from one thread at a time;
/// ``recognize(_:)`` may run at the same time as ``read()``, on another thread, and
/// ``useDetector(_:)`` at the same time as either.
public protocol RecognitionStages: AnyObject, Sendable {
  /// What is being read, such as `faces.mp4 (video, 640x360, 10 fps)`.
  var summary: String { get }

  /// How the source is played: a still, a slide show, a video or a live stream.
  var playback: Playback { get }

  /// The face detector ``recognize(_:)`` runs now.
  var detector: FaceDetectorKind { get }

  /// Makes ``recognize(_:)`` find faces with `kind` from its next call on, loading the
  /// detector's model first if need be, on the calling thread. May run at the same time as
  /// ``read()`` and ``recognize(_:)``; a recognition under way finishes with the old detector.
  ///
  /// - Throws: when the model cannot be found or loaded; the old detector keeps running.
  func useDetector(_ kind: FaceDetectorKind) throws

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

extension RecognitionStages {
  /// Reads and recognises the next frame on the calling thread; `nil` at the end.
  public func next() throws -> RecognizedFrame? {
    guard let frame = try read() else { return nil }
    return try recognize(frame)
  }
}
