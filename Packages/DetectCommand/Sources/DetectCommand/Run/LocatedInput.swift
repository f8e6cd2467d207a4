import Media

/// An input as the user named it, with what it was found to be: located once, before the run,
/// and handed to everything that asks.
struct LocatedInput: Sendable {
  /// The input as given.
  var input: String
  /// What is there; nil when nothing is.
  var locator: FrameSourceLocator?

  /// Locates `input`.
  init(_ input: String) {
    self.input = input
    locator = FrameSourceFactory.locate(input)
  }

  /// Whether its frames come in time (a video, a camera, a graph).
  var isStream: Bool { locator?.isStream == true }
}
