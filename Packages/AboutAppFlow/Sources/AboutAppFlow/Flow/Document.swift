import Navigation

/// A document the flow shows, one module each.
enum Document: CaseIterable, Sendable {
  /// The TermsOfUse module.
  case termsOfUse
  /// The PrivacyPolicy module.
  case privacyPolicy

  /// The route the document's screen is shown under.
  var route: Route {
    switch self {
    case .termsOfUse: AboutAppRoutes.termsOfUse
    case .privacyPolicy: AboutAppRoutes.privacyPolicy
    }
  }
}
