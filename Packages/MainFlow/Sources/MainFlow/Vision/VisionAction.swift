import FaceAnalysisInterface

/// What happens to the Vision screen: an event of the recognition session, a request of the
/// user, or the end of a notice's time.
enum VisionAction: Sendable {
  /// The session reported something.
  case recognition(RecognitionEvent)
  /// Space: pause or resume.
  case togglePause
  /// ← or →: the previous or next image of a folder.
  case step(by: Int)
  /// `s`: save the frame shown.
  case save
  /// `d`: find faces with the next detector (``FaceDetectorKind/next``).
  case nextDetector
  /// The notice in the status line has been shown long enough.
  case noticeExpired
}
