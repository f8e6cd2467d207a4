import Navigation

/// The About flow: what the app is and runs on, its terms of use and privacy policy, and the
/// consent asked for on first launch. The only public type of this package.
///
/// It shows the host's name, version, facts and state location from the app's
/// ``FlowEnvironment``. It opens `about`, `about/terms`, `about/privacy` (and documents in
/// reading order after `about/`), and `consent`, its ``LaunchRequirement``: the documents
/// ending with Accept (the flow completes) or Quit (it is cancelled).
public struct AboutAppFlowFactory: FlowFactory {
  private let environment: AboutAppEnvironment

  /// The version of the documents; a newer one asks for consent again.
  static let documentsVersion = 1

  /// The id under which the app remembers the consent; version 0.1 wrote it at the top of the
  /// state file, with these fields.
  nonisolated static let consentKey = "consent"
  nonisolated static let legacyConsentVersionKey = "documentsVersion"
  nonisolated static let legacyConsentDateKey = "acceptedAt"

  /// Creates the factory from what the app provides.
  public init(environment: FlowEnvironment) {
    self.environment = AboutAppEnvironment(environment)
  }

  /// `about`.
  public var id: String { "about" }

  /// Consent to the documents, before anything else on launch.
  public var launchRequirement: LaunchRequirement? {
    (try? DeepLink(path: [AboutAppRoutes.consent])).map {
      LaunchRequirement(id: Self.consentKey, version: Self.documentsVersion, link: $0)
    }
  }

  /// Version 0.1's consent, `{"consent": {"documentsVersion": 1, "acceptedAt": "…"}}`.
  public nonisolated static let legacyStateEntries: [LegacyStateEntry] = [
    .metRequirement(
      legacyKey: consentKey, requirementID: consentKey, versionField: legacyConsentVersionKey,
      dateField: legacyConsentDateKey)
  ]

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

  /// The consent documents are never reopened by themselves; the launch asks for them.
  public func restorableLink(for link: DeepLink) -> DeepLink? {
    AboutAppDestination(link, order: AboutAppCoordinator.documentOrder) == .consent ? nil : link
  }

  /// Builds the flow's coordinator.
  public func makeCoordinator(router: any Routing) -> FlowCoordinator {
    AboutAppCoordinator(router: router, environment: environment)
  }
}
