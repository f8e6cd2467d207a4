/// What ``RecognitionService/inspect(source:)`` found.
public enum SourceInspection: Equatable, Sendable {
  /// The source can be opened; the summary says what it is, such as `video, 640x360`.
  case valid(summary: String)
  /// It cannot; the reason says why, such as `no such file`.
  case invalid(reason: String)
}
