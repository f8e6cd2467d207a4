import FaceAnalysisInterface
import Navigation
import TerminalUI

/// Builds the Vision module and wires its parts.
@MainActor
enum VisionConfigurator {
  /// The screen to show and the module's input, reporting to `output`.
  static func make(
    source: String, service: any RecognitionService, scheduler: any LoopScheduling,
    output: any VisionModuleOutput
  ) -> (screen: any Presentable, input: any VisionModuleInput) {
    let presenter = VisionPresenter(source: source, service: service, scheduler: scheduler)
    let view = VisionView(output: presenter)
    presenter.view = view
    presenter.output = output
    presenter.viewDidLoad()
    return (view, presenter)
  }
}
