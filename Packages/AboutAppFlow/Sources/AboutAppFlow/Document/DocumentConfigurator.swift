import Navigation

/// Builds the Document module for one document and wires its parts.
@MainActor
enum DocumentConfigurator {
  /// The screen to show and the module's input, reporting to `output`.
  static func make(
    document: Document, stateLocation: String, output: any DocumentModuleOutput
  ) -> (screen: any Presentable, input: any DocumentModuleInput) {
    let presenter = DocumentPresenter(document: document, stateLocation: stateLocation)
    let view = DocumentView(output: presenter)
    presenter.view = view
    presenter.output = output
    presenter.viewDidLoad()
    return (view, presenter)
  }
}
