import Navigation

/// Builds the TermsOfUse module and wires its parts.
@MainActor
enum TermsOfUseConfigurator {
  /// The screen to show and the module's input, reporting to `output`.
  static func make(
    output: any TermsOfUseModuleOutput
  ) -> (screen: any Presentable, input: any TermsOfUseModuleInput) {
    let presenter = TermsOfUsePresenter()
    let view = TermsOfUseView(output: presenter)
    presenter.view = view
    presenter.output = output
    presenter.viewDidLoad()
    return (view, presenter)
  }
}
