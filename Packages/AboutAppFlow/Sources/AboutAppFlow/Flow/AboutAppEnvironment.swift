import Navigation

/// What the flow takes from the app's ``FlowEnvironment``.
struct AboutAppEnvironment {
  /// The app's name and version.
  var name: String
  /// The app's version.
  var version: String
  /// Where the app keeps its state file, named in the privacy policy.
  var stateLocation: String
  /// Facts for the About screen (model, classes, parameters, BLAS, model folder), read
  /// each time the screen is shown.
  var facts: @MainActor () -> [(label: String, value: String)]

  /// Takes the host's description from the app's environment.
  @MainActor
  init(_ environment: FlowEnvironment) {
    name = environment.host.name
    version = environment.host.version
    stateLocation = environment.host.stateLocation ?? "nowhere: this app keeps no state"
    facts = environment.host.facts
  }
}
