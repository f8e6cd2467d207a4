import Navigation

/// Decides where the app starts: a pure function of what it remembers and how it was launched.
enum LaunchInstructor {
  /// How the app was launched.
  struct Options: Equatable, Sendable {
    /// The link given with `--open`, if any.
    var deepLink: DeepLink?
  }

  /// Consent comes first; then the link given, if any; otherwise the home flow.
  static func firstRoute(state: AppState, options: Options) -> LaunchRoute {
    if !state.hasConsented { return .consent(then: options.deepLink) }
    if let link = options.deepLink { return .link(link) }
    return .home
  }
}
