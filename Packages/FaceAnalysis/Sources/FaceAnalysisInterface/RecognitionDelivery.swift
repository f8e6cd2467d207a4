/// Where a ``RecognitionSession``'s events go: `post` runs a job on the loop that owns the
/// screen (from any thread), and `events` receives each event there.
public struct RecognitionDelivery: Sendable {
  /// Runs a job on the screen's loop; called from the session's threads.
  public var post: @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void
  /// Receives each event, on the screen's loop.
  public var events: @MainActor @Sendable (RecognitionEvent) -> Void

  /// A delivery through `post` to `events`.
  public init(
    post: @escaping @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void,
    events: @escaping @MainActor @Sendable (RecognitionEvent) -> Void
  ) {
    self.post = post
    self.events = events
  }
}
