import FaceAnalysisInterface

/// What the presenter does after a ``VisionAction``, besides showing the new state.
enum VisionEffect: Equatable, Sendable {
  /// Adds a line to the line-mode report.
  case report(String)
  /// Pauses or resumes the session.
  case setPaused(Bool)
  /// Asks the session for slide `index`.
  case showSlide(Int)
  /// Asks the session to save `frame`.
  case save(RecognizedFrame)
  /// Asks the session to find faces with this detector.
  case setDetector(FaceDetectorKind)
  /// A notice went up: take it down after a few seconds.
  case expireNotice
  /// The camera went away; the coordinator hears why.
  case sourceLost(String)
}
