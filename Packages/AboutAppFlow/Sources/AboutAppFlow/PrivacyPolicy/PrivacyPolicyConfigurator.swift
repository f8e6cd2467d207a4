import Navigation

/// Builds the PrivacyPolicy module and wires its parts.
@MainActor
enum PrivacyPolicyConfigurator {
  /// The screen to show and the module's input, reporting to `output`.
  static func make(
    stateLocation: String, output: any PrivacyPolicyModuleOutput
  ) -> (screen: any Presentable, input: any PrivacyPolicyModuleInput) {
    let presenter = PrivacyPolicyPresenter(stateLocation: stateLocation)
    let view = PrivacyPolicyView(output: presenter)
    presenter.view = view
    presenter.output = output
    presenter.viewDidLoad()
    return (view, presenter)
  }
}
