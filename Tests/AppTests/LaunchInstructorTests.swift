import Foundation
import Navigation
import Testing

@testable import EmotionsApp

@Suite("Launch instructor")
struct LaunchInstructorTests {
  static let privacy = DeepLink.constant("about", "privacy")
  static let consent = LaunchRequirement(id: "consent", version: 2, link: .constant("consent"))
  static let met = AppState(metRequirements: ["consent": .init(version: 2, metAt: .now)])
  static let outdated = AppState(metRequirements: ["consent": .init(version: 1, metAt: .now)])
  static func saved(_ link: String, in state: AppState = met) -> AppState {
    var state = state
    state.lastLink = link
    return state
  }

  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let state: AppState
    let requirements: [LaunchRequirement]
    var options = LaunchInstructor.Options()
    let expected: LaunchInstructor.Plan
    var testDescription: String { name }
  }

  static let table: [Row] = [
    Row(
      name: "first run", state: AppState(), requirements: [consent],
      expected: .init(route: .requirements([consent], then: nil))),
    Row(name: "requirement met", state: met, requirements: [consent], expected: .init(route: .home)),
    Row(
      name: "no flow requires anything", state: AppState(), requirements: [], expected: .init(route: .home)),
    Row(
      name: "deep link given", state: met, requirements: [consent], options: .init(deepLink: privacy),
      expected: .init(route: .link(privacy))),
    Row(
      name: "deep link before consent", state: AppState(), requirements: [consent],
      options: .init(deepLink: privacy), expected: .init(route: .requirements([consent], then: privacy))),
    Row(
      name: "documents changed since consent", state: outdated, requirements: [consent],
      expected: .init(route: .requirements([consent], then: nil))),
    Row(
      name: "the last stack is reopened", state: saved("emotions://about/privacy"), requirements: [consent],
      expected: .init(route: .link(privacy))),
    Row(
      name: "--open wins over the last stack", state: saved("emotions://main"), requirements: [consent],
      options: .init(deepLink: privacy), expected: .init(route: .link(privacy))),
    Row(
      name: "consent wins over the last stack", state: saved("emotions://about/privacy", in: outdated),
      requirements: [consent], expected: .init(route: .requirements([consent], then: nil))),
    Row(
      name: "--fresh ignores the last stack", state: saved("emotions://about/privacy"),
      requirements: [consent],
      options: .init(startsFresh: true), expected: .init(route: .home)),
    Row(
      name: "a last stack no flow opens is dropped", state: saved("emotions://settings/profile"),
      requirements: [consent], expected: .init(route: .home, droppedLink: "emotions://settings/profile")),
    Row(
      name: "a last stack that is not a link is dropped", state: saved("garbage"), requirements: [consent],
      expected: .init(route: .home, droppedLink: "garbage")),
  ]

  @Test("first route", arguments: table)
  func firstRoute(_ row: Row) {
    let plan = LaunchInstructor.plan(
      state: row.state, requirements: row.requirements, options: row.options,
      scheme: DeepLinkScheme("emotions"),
      canOpen: { ["about", "main"].contains($0.path[0]) })
    #expect(plan == row.expected)
  }
}

extension DeepLink {
  /// A link of plain segments written in a test.
  static func constant(_ path: String...) -> DeepLink {
    guard let link = try? DeepLink(path: path) else { preconditionFailure("invalid path \(path)") }
    return link
  }
}
