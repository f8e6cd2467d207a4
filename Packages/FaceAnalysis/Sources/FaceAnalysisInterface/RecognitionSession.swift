/// A recognition running over one source, started by
/// ``RecognitionService/startSession(source:policy:delivery:)``. Its methods may be called from
/// any thread and return at once, except ``stop()``.
public protocol RecognitionSession: AnyObject, Sendable {
  /// Pauses or resumes: a file stops being read (and its clock stops); a live source is still
  /// read, so that it does not fall behind, but its frames are skipped.
  func setPaused(_ paused: Bool)

  /// Asks a slide show for slide `index`, from 0.
  func showSlide(_ index: Int)

  /// Saves `frame` as a picture with every face boxed and labelled as on the screen; the
  /// session reports ``RecognitionEvent/saved(path:)`` or ``RecognitionEvent/saveFailed(_:)``.
  func save(_ frame: RecognizedFrame)

  /// Switches face detection to `kind` without reopening the source, loading its model off the
  /// caller's thread the first time. The session reports ``RecognitionEvent/detector(_:)``
  /// once `kind` runs (a slide show then shows its slide again), or
  /// ``RecognitionEvent/detectorUnavailable(_:message:)`` when its model cannot be loaded, and
  /// the detector before it keeps running. A frame being recognised as the switch happens
  /// finishes with the old detector.
  func setDetector(_ kind: FaceDetectorKind)

  /// Stops reading and recognising, closes the source (an ffmpeg child is ended and reaped)
  /// and waits for the session's threads to end, for a few seconds at most: none of them runs
  /// after it returns (jobs already posted may still reach the loop).
  func stop()
}
