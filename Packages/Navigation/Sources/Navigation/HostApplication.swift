/// What a flow may tell the user about the app that runs it.
public struct HostApplication: Sendable {
  /// The app's name, such as `Demo`.
  public var name: String
  /// The app's version.
  public var version: String
  /// Where the app keeps what it remembers, for a privacy notice; `nil` when it keeps nothing.
  public var stateLocation: String?
  /// Labelled facts about what the app runs (libraries, models, their files), read each time
  /// they are shown.
  public var facts: @MainActor @Sendable () -> [(label: String, value: String)]

  /// Describes an app.
  public init(
    name: String, version: String, stateLocation: String? = nil,
    facts: @escaping @MainActor @Sendable () -> [(label: String, value: String)] = { [] }
  ) {
    self.name = name
    self.version = version
    self.stateLocation = stateLocation
    self.facts = facts
  }
}
