import Navigation

/// A document the flow shows, each on its own screen of the Document module.
enum Document: CaseIterable, Sendable {
  /// The terms of use.
  case termsOfUse
  /// The privacy policy.
  case privacyPolicy

  /// The route the document's screen is shown under.
  var route: Route {
    switch self {
    case .termsOfUse: AboutAppRoutes.termsOfUse
    case .privacyPolicy: AboutAppRoutes.privacyPolicy
    }
  }
}
