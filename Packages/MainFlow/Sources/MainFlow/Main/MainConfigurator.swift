import Navigation

/// Builds the Main module and wires its parts.
@MainActor
enum MainConfigurator {
  /// The screen to show and the module's input, reporting to `output`.
  static func make(output: any MainModuleOutput) -> (screen: any Presentable, input: any MainModuleInput) {
    let presenter = MainPresenter()
    let view = MainView(output: presenter)
    presenter.view = view
    presenter.output = output
    presenter.viewDidLoad()
    return (view, presenter)
  }
}
