import Foundation
import Navigation

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
  }

  /// The decoder's ``userInfo`` key for the ``LegacyStateEntry`` values to read: the flows'
  /// declarations of what older versions wrote at the top of the file.
  static let legacyEntriesKey = CodingUserInfoKey(rawValue: "legacyStateEntries")

  /// Reads the state, and each legacy entry the flows declare (`userInfo[legacyEntriesKey]`)
  /// where today's field has no value; a legacy entry of the wrong shape makes the file corrupt.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    metRequirements =
      try container.decodeIfPresent([String: MetRequirement].self, forKey: .metRequirements) ?? [:]
    flowValues = try container.decodeIfPresent([String: String].self, forKey: .flowValues) ?? [:]
    lastLink = try container.decodeIfPresent(String.self, forKey: .lastLink)
    let entries = Self.legacyEntriesKey.flatMap { decoder.userInfo[$0] as? [LegacyStateEntry] } ?? []
    let legacy = try decoder.container(keyedBy: NamedKey.self)
    for entry in entries {
      let key = NamedKey(entry.legacyKey)
      guard legacy.contains(key), try !legacy.decodeNil(forKey: key) else { continue }
      switch entry {
      case .flowValue(_, let flowKey):
        let value = try legacy.decode(String.self, forKey: key)
        if flowValues[flowKey] == nil { flowValues[flowKey] = value }
      case .metRequirement(_, let id, let versionField, let dateField):
        let fields = try legacy.nestedContainer(keyedBy: NamedKey.self, forKey: key)
        let met = MetRequirement(
          version: try fields.decode(Int.self, forKey: NamedKey(versionField)),
          metAt: try fields.decode(Date.self, forKey: NamedKey(dateField)))
        if metRequirements[id] == nil { metRequirements[id] = met }
      }
    }
  }

  /// A key of the file known only at run time, such as a legacy entry's.
  private struct NamedKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(metRequirements, forKey: .metRequirements)
    try container.encode(flowValues, forKey: .flowValues)
    try container.encodeIfPresent(lastLink, forKey: .lastLink)
  }
}
