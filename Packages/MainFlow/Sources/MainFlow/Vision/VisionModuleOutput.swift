/// What the Vision module tells its coordinator.
@MainActor
protocol VisionModuleOutput: AnyObject {
  /// The user wants another source (Esc, or "Another source" in line mode).
  func visionDidRequestSource()
  /// The source went away mid-stream (a camera unplugged); `message` says what happened.
  func visionDidLoseSource(_ message: String)
}
