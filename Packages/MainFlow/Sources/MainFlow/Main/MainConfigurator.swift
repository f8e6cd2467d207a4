import Navigation

/// Builds the Main module and wires its parts; `offersAbout` says whether the app can open
/// "About this app".
@MainActor
enum MainConfigurator {
  /// The screen to show and the module's input, reporting to `output`.
  static func make(
    offersAbout: Bool, output: any MainModuleOutput
  ) -> (screen: any Presentable, input: any MainModuleInput) {
    let presenter = MainPresenter(items: MainMenuItem.allCases.filter { $0 != .about || offersAbout })
    let view = MainView(output: presenter)
    presenter.view = view
    presenter.output = output
    presenter.viewDidLoad()
    return (view, presenter)
  }
}
