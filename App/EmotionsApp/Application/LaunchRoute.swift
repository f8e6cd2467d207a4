import Navigation

/// Where the app starts.
enum LaunchRoute: Equatable, Sendable {
  /// Ask for consent first, then go on to `then` (or the home flow).
  case consent(then: DeepLink?)
  /// Open this link over the home flow.
  case link(DeepLink)
  /// The home flow's first screen.
  case home
}
