import FaceAnalysisInterface
import Navigation

/// Builds the source picker and wires its parts.
@MainActor
enum SourcePickerConfigurator {
  /// The screen to show and the module's input, reporting to `output`.
  static func make(
    service: any RecognitionService, output: any SourcePickerModuleOutput
  ) -> (screen: any Presentable, input: any SourcePickerModuleInput) {
    let presenter = SourcePickerPresenter(service: service)
    let view = SourcePickerView(output: presenter)
    presenter.view = view
    presenter.output = output
    return (view, presenter)
  }
}
