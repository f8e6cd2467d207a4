import Navigation

/// Builds the About module and wires its parts.
@MainActor
enum AboutAppConfigurator {
  /// The screen to show and the module's input, reporting to `output`.
  static func make(
    name: String, version: String, facts: @escaping @MainActor () -> [(label: String, value: String)],
    output: any AboutAppModuleOutput
  ) -> (screen: any Presentable, input: any AboutAppModuleInput) {
    let presenter = AboutAppPresenter(name: name, version: version, facts: facts)
    let view = AboutAppView(output: presenter)
    presenter.view = view
    presenter.output = output
    presenter.viewDidLoad()
    return (view, presenter)
  }
}
