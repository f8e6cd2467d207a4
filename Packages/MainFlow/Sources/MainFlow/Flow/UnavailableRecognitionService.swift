import FaceAnalysisInterface

/// The recognition service of an app that provides none: every source is refused with the
/// reason, so the flow still runs and says why Vision cannot.
struct UnavailableRecognitionService: RecognitionService {
  func inspect(source: String) -> SourceInspection {
    .invalid(reason: Self.reason)
  }

  /// Why nothing can be recognised.
  static let reason = "this app has no recognition service, so nothing can be recognised"

  func startSession(
    source: String, policy: RecognitionPolicy, delivery: RecognitionDelivery
  ) -> any RecognitionSession {
    UnavailableSession()
  }
}

/// A session that never starts.
private final class UnavailableSession: RecognitionSession {
  func setPaused(_ paused: Bool) {}
  func showSlide(_ index: Int) {}
  func save(_ frame: RecognizedFrame) {}
  func setDetector(_ kind: FaceDetectorKind) {}
  func stop() {}
}
