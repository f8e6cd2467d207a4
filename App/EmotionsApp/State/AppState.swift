import Foundation

/// What the app remembers between runs. Small, and kept as JSON in the state folder.
struct AppState: Codable, Equatable, Sendable {
  /// The launch requirements the user met (such as consent to the documents), by id.
  var metRequirements: [String: MetRequirement] = [:]
  /// Values the flows keep between runs (their ``FlowStorage``), by key.
  var flowValues: [String: String] = [:]
  /// The link of the stack the app was on, to reopen on the next launch.
  var lastLink: String?

  /// When and at which version a launch requirement was met.
  struct MetRequirement: Codable, Equatable, Sendable {
    /// The version met; a flow that raises its requirement's version asks again.
    var version: Int
    /// When.
    var metAt: Date
  }

  /// An empty state: nothing met, nothing kept.
  init(
    metRequirements: [String: MetRequirement] = [:], flowValues: [String: String] = [:],
    lastLink: String? = nil
  ) {
    self.metRequirements = metRequirements
    self.flowValues = flowValues
    self.lastLink = lastLink
  }

  /// Whether the requirement `id` was met at `version` or later.
  func hasMet(_ id: String, version: Int) -> Bool { (metRequirements[id]?.version ?? 0) >= version }

  private enum CodingKeys: String, CodingKey {
    case metRequirements, flowValues, lastLink
    // Written by version 0.1, which knew one requirement and one flow value.
    case consent, lastSource
  }

  /// Consent to the documents as version 0.1 wrote it.
  private struct LegacyConsent: Decodable {
    var documentsVersion: Int
    var acceptedAt: Date
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    metRequirements =
      try container.decodeIfPresent([String: MetRequirement].self, forKey: .metRequirements) ?? [:]
    flowValues = try container.decodeIfPresent([String: String].self, forKey: .flowValues) ?? [:]
    lastLink = try container.decodeIfPresent(String.self, forKey: .lastLink)
    if let consent = try container.decodeIfPresent(LegacyConsent.self, forKey: .consent),
      metRequirements["consent"] == nil
    {
      metRequirements["consent"] = MetRequirement(
        version: consent.documentsVersion, metAt: consent.acceptedAt)
    }
    if let source = try container.decodeIfPresent(String.self, forKey: .lastSource),
      flowValues["main.lastSource"] == nil
    {
      flowValues["main.lastSource"] = source
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(metRequirements, forKey: .metRequirements)
    try container.encode(flowValues, forKey: .flowValues)
    try container.encodeIfPresent(lastLink, forKey: .lastLink)
  }
}
