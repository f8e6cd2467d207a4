/// What the flow needs from the app, given to its factory.
struct AboutAppEnvironment {
  /// The app's version.
  var version: String
  /// Where the app keeps its state file, named in the privacy policy.
  var stateLocation: String
  /// Facts for the About screen (model, classes, parameters, BLAS, model folder), read
  /// each time the screen is shown.
  var facts: @MainActor () -> [(label: String, value: String)]
}
