/// A value an older version of the app kept for a flow at the top level of its state file,
/// before flows kept their own values. The flow that owns it declares it
/// (``FlowFactory/legacyStateEntries``), so that the app still reads an old file without
/// naming any flow's keys.
public enum LegacyStateEntry: Hashable, Sendable {
  /// The text at `legacyKey` is the flow's ``FlowStorage`` value `key` now.
  case flowValue(legacyKey: String, key: String)
  /// The object at `legacyKey` says the launch requirement `requirementID` was met: its
  /// integer field `versionField` at which version, its ISO 8601 date field `dateField` when.
  case metRequirement(legacyKey: String, requirementID: String, versionField: String, dateField: String)

  /// The top-level key the old file wrote.
  public var legacyKey: String {
    switch self {
    case .flowValue(let key, _), .metRequirement(let key, _, _, _): key
    }
  }
}
