import Navigation

/// Decides where the app starts: a pure function of what it remembers, what its flows
/// require and how it was launched.
enum LaunchInstructor {
  /// How the app was launched.
  struct Options: Equatable, Sendable {
    /// The link given with `--open`, if any.
    var deepLink: DeepLink?
    /// `--fresh`: do not reopen the stack of the last run.
    var startsFresh = false
  }

  /// Where to start, and a saved link that was dropped because nothing opens it any more.
  struct Plan: Equatable, Sendable {
    /// The first route.
    var route: LaunchRoute
    /// The last run's link, when no flow opens it now (its flow was removed).
    var droppedLink: String?
  }

  /// Unmet launch requirements come first, then the link given; otherwise the last run's
  /// stack, if a flow still opens it and the user did not ask to start fresh; otherwise home.
  static func plan(
    state: AppState, requirements: [LaunchRequirement], options: Options, scheme: DeepLinkScheme,
    canOpen: (DeepLink) -> Bool
  ) -> Plan {
    let unmet = requirements.filter { !state.hasMet($0.id, version: $0.version) }
    if !unmet.isEmpty { return Plan(route: .requirements(unmet, then: options.deepLink)) }
    if let link = options.deepLink { return Plan(route: .link(link)) }
    guard !options.startsFresh, let saved = state.lastLink else { return Plan(route: .home) }
    guard let link = try? scheme.parse(saved), canOpen(link) else {
      return Plan(route: .home, droppedLink: saved)
    }
    return Plan(route: .link(link))
  }
}
