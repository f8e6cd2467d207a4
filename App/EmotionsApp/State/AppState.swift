import Foundation

/// What the app remembers between runs. Small, and kept as JSON in the state folder.
struct AppState: Codable, Equatable, Sendable {
  /// The version of the terms that the user accepted, and when; `nil` until they do.
  var consent: Consent?

  /// The last source the user opened on the Vision screen, offered again next time.
  var lastSource: String?

  /// A user's acceptance of the terms of use and privacy policy.
  struct Consent: Codable, Equatable, Sendable {
    /// The version of the documents accepted.
    var documentsVersion: Int
    /// When they were accepted.
    var acceptedAt: Date
  }

  /// The version of the documents this build shows; a newer one asks for consent again.
  static let documentsVersion = 1

  /// Whether the user has accepted the current documents.
  var hasConsented: Bool { (consent?.documentsVersion ?? 0) >= Self.documentsVersion }
}
