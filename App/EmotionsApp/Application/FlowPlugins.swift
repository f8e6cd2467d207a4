import AboutAppFlow
import FaceAnalysis
import Inference
import MainFlow
import Navigation
import TerminalUI

/// The flows the app is made of, home first. Adding a flow is one line here.
@MainActor
enum FlowPlugins {
  /// What the flows need from the app.
  struct Services {
    /// Recognition for the Vision screen.
    var recognition: LiveRecognitionService
    /// The run loop.
    var scheduler: any LoopScheduling
    /// The app's remembered state.
    var state: StateController
  }

  /// The plugin list.
  static func all(_ services: Services) -> [any FlowFactory] {
    [
      MainFlowFactory(
        service: services.recognition, scheduler: services.scheduler,
        lastSource: { services.state.state.lastSource },
        sourceChosen: { source in services.state.update { $0.lastSource = source } }),
      AboutAppFlowFactory(
        version: Emotions.version, stateLocation: services.state.store.fileURL.path,
        facts: { services.recognition.facts() }),
    ]
  }
}
