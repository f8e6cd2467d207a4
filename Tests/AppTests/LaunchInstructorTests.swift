import Foundation
import Navigation
import Testing

@testable import EmotionsApp

@Suite("Launch instructor")
struct LaunchInstructorTests {
  static let privacy = DeepLink.constant("about").appending("privacy")
  static let consented = AppState(
    consent: .init(documentsVersion: AppState.documentsVersion, acceptedAt: .now))
  static let outdatedConsent = AppState(consent: .init(documentsVersion: 0, acceptedAt: .now))

  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let state: AppState
    let link: DeepLink?
    let expected: LaunchRoute
    var testDescription: String { name }
  }

  static let table: [Row] = [
    Row(name: "first run", state: AppState(), link: nil, expected: .consent(then: nil)),
    Row(name: "consent given", state: consented, link: nil, expected: .home),
    Row(name: "deep link given", state: consented, link: privacy, expected: .link(privacy)),
    Row(
      name: "deep link before consent", state: AppState(), link: privacy, expected: .consent(then: privacy)),
    Row(
      name: "documents changed since consent", state: outdatedConsent, link: nil,
      expected: .consent(then: nil)),
  ]

  @Test("first route", arguments: table)
  func firstRoute(_ row: Row) {
    #expect(LaunchInstructor.firstRoute(state: row.state, options: .init(deepLink: row.link)) == row.expected)
  }
}

extension DeepLink {
  /// The link with one more path segment.
  func appending(_ segment: String) -> DeepLink {
    var copy = self
    copy.path.append(segment)
    return copy
  }
}
