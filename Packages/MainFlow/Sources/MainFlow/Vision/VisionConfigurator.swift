import FaceAnalysis
import Navigation
import TerminalUI

/// Builds the Vision module and wires its parts.
@MainActor
enum VisionConfigurator {
  /// The screen to show and the module's input, reporting to `output`.
  static func make(
    source: String, service: any RecognitionService, scheduler: any LoopScheduling,
    output: any VisionModuleOutput, saver: any FrameSaving = PNGFrameSaver()
  ) -> (screen: any Presentable, input: any VisionModuleInput) {
    let presenter = VisionPresenter(source: source, service: service, scheduler: scheduler, saver: saver)
    let view = VisionView(output: presenter)
    presenter.view = view
    presenter.output = output
    presenter.viewDidLoad()
    return (view, presenter)
  }
}
