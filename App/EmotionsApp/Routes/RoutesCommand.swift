import FaceAnalysis
import TerminalUI

/// `emotions routes`: the plugin list the app runs, printed.
@MainActor
enum RoutesCommand {
  /// The map in `format`, from the same plugin list as the app. The flows are built with
  /// a run loop that is never started, since only their declarations are read.
  static func render(_ format: RoutesFormat) throws -> String {
    let loop = try TerminalApp(router: TerminalRouter())
    let state = StateController(store: AppStateStore())
    let services = FlowPlugins.Services(recognition: LiveRecognitionService(), scheduler: loop, state: state)
    return RoutesPrinter(plugins: FlowPlugins.all(services)).render(format)
  }
}
