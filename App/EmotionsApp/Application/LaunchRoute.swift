import Navigation

/// Where the app starts.
enum LaunchRoute: Equatable, Sendable {
  /// Run these launch requirements first, in order, then go on to `then` (or the home flow).
  case requirements([LaunchRequirement], then: DeepLink?)
  /// Open this link over the home flow.
  case link(DeepLink)
  /// The home flow's first screen.
  case home
}
