/// What a screen needs to recognise emotions from a source the user names: a check of the
/// name as it is typed, and a session that recognises the source off the screen's thread.
///
/// `LiveRecognitionService` (module FaceAnalysis) is the real one; `FaceAnalysisTesting` has
/// fakes for tests and demos.
public protocol RecognitionService: Sendable {
  /// Checks a source name (an image, a folder, a video, `/dev/videoN`, `lavfi:<graph>`)
  /// without opening it for long; cheap enough to run on every key press.
  func inspect(source: String) -> SourceInspection

  /// Starts recognising `source`: the session opens it, reads and recognises its frames off
  /// the caller's thread, and reports what happens through `delivery`, starting with
  /// ``RecognitionEvent/opened(summary:playback:)`` or ``RecognitionEvent/failed(_:)``.
  func startSession(
    source: String, policy: RecognitionPolicy, delivery: RecognitionDelivery
  ) -> any RecognitionSession
}
