import Navigation

/// The screens of the flow, declared once: coordinators navigate with these values and
/// the app's map of routes prints them.
enum AboutAppRoutes {
  /// Version, model and BLAS facts, and the entry to the documents.
  static let aboutApp = Route(screen: "AboutApp", segment: "about")
  /// The terms of use.
  static let termsOfUse = Route(screen: "TermsOfUse", segment: "terms")
  /// The privacy policy.
  static let privacyPolicy = Route(screen: "PrivacyPolicy", segment: "privacy")
  /// The first launch: the documents, ending with Accept or Quit.
  static let consent = "consent"
}
