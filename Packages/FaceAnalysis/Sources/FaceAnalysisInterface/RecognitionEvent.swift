/// What a ``RecognitionSession`` reports, on the loop its ``RecognitionDelivery`` posts to.
public enum RecognitionEvent: Sendable {
  /// The source opened: its summary and how it plays.
  case opened(summary: String, playback: Playback)
  /// The face detector that runs now: sent once after ``opened(summary:playback:)`` and after
  /// each switch ``RecognitionSession/setDetector(_:)`` asked for.
  case detector(FaceDetectorKind)
  /// The detector ``RecognitionSession/setDetector(_:)`` asked for could not be loaded (its
  /// model file is missing, say); one line saying why and how to get it. The detector before
  /// it keeps running.
  case detectorUnavailable(FaceDetectorKind, message: String)
  /// The newest recognised frame, and the session's count of every frame recognised up to it
  /// (its `dropped`: every frame dropped so far).
  case frame(RecognizedFrame, tally: RecognitionTally)
  /// A slide of a slide show could not be read; the others still can.
  case slideFailed(index: Int, message: String)
  /// The source ended; the counts cover every frame recognised.
  case finished(RecognitionTally)
  /// The source could not be opened or failed mid-way; one line naming the problem.
  case failed(String)
  /// A camera stopped sending frames (it was unplugged, or another program took it).
  case sourceLost(String)
  /// A frame was saved to this file.
  case saved(path: String)
  /// A frame could not be saved; one line saying why.
  case saveFailed(String)
}
