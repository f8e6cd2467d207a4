import Navigation

/// The About flow: what the app is and runs on, its terms of use and privacy policy, and the
/// consent asked for on first launch. The only public type of this package.
///
/// ```swift
/// let about = AboutAppFlowFactory(version: "1.0", stateLocation: "~/.local/state/emotions/state.json") {
///   [("Model", "mini-Xception, 7 classes")]
/// }
/// ```
///
/// It opens `emotions://about`, `emotions://about/terms`, `emotions://about/privacy` (and
/// documents in reading order after `about/`), and `emotions://consent`, which finishes
/// with `.accepted` or `.declined`.
public struct AboutAppFlowFactory: FlowFactory {
  private let environment: AboutAppEnvironment

  /// Creates the factory.
  ///
  /// - Parameters:
  ///   - version: The app's version.
  ///   - stateLocation: The state file's path, for the privacy policy.
  ///   - facts: Labelled facts for the About screen, read each time it is shown.
  public init(
    version: String, stateLocation: String, facts: @escaping @MainActor () -> [(label: String, value: String)]
  ) {
    environment = AboutAppEnvironment(version: version, stateLocation: stateLocation, facts: facts)
  }

  /// `about`.
  public var id: String { "about" }

  /// `about` and `consent`.
  public var deepLinkPaths: [String] { [AboutAppRoutes.aboutApp.segment, AboutAppRoutes.consent] }

  /// AboutApp, then the documents in reading order.
  public var routes: [Route] { [AboutAppRoutes.aboutApp] + AboutAppCoordinator.documentOrder.map(\.route) }

  /// The About screen, each document on its own, all documents in order, and consent.
  public var exampleLinks: [DeepLink] {
    let about = AboutAppRoutes.aboutApp.segment
    let documents = AboutAppCoordinator.documentOrder.map(\.route.segment)
    let paths =
      [[about]] + documents.map { [about, $0] } + [[about] + documents] + [[AboutAppRoutes.consent]]
    return paths.compactMap { try? DeepLink(path: $0) }
  }

  /// Whether the link names a place in this flow.
  public func canOpen(_ link: DeepLink) -> Bool {
    AboutAppDestination(link, order: AboutAppCoordinator.documentOrder) != nil
  }

  /// Builds the flow's coordinator.
  public func makeCoordinator(router: any Routing) -> any FlowCoordinator {
    AboutAppCoordinator(router: router, environment: environment)
  }
}
