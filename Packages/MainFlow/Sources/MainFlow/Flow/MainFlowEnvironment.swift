import FaceAnalysisInterface
import TerminalUI

/// What the flow needs from the app, given to its factory.
struct MainFlowEnvironment {
  /// Checks sources and runs recognition.
  var service: any RecognitionService
  /// The run loop that recognition results are posted to.
  var scheduler: any LoopScheduling
  /// The first path segment of the link that opens "About this app", owned by another flow.
  var aboutPath: String
  /// The last source the user chose, remembered by the app, if any.
  var lastSource: @MainActor () -> String?
  /// Tells the app a source was chosen, so it can remember it.
  var sourceChosen: @MainActor (String) -> Void
}
