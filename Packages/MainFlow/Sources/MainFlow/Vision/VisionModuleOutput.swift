/// What the Vision module tells its coordinator.
@MainActor
protocol VisionModuleOutput: AnyObject {
  /// The user wants another source.
  func visionDidRequestSource()
}
