import DetectCommand
import FaceAnalysisInterface
import Navigation
import OptionTable
import TerminalUI

/// What the user asked for on the command line.
enum Command: Equatable, Sendable {
  /// The terminal app, optionally starting at a link.
  case interactive(InteractiveOptions)
  /// `emotions detect <path>...`.
  case detect(DetectOptions)
  /// `emotions merge <part>... --output FILE`.
  case merge(MergeOptions)
  /// `emotions report <records> --output PAGE`.
  case report(ReportOptions)
  /// `emotions routes [--format tree|dot|mermaid]`.
  case routes(RoutesFormat)
  /// `--help`, or `help`, for the whole tool or one command.
  case help(topic: String?)
  /// `--version`.
  case version
  /// `--generate-manual`: the manual page emotions(1), in roff.
  case manual
  /// `--generate-completion-script <shell>`: the completion script for that shell.
  case completionScript(Shell)
}

/// Options of the terminal app.
struct InteractiveOptions: Equatable, Sendable {
  /// The link given with `--open`.
  var link: DeepLink?
  /// The folder given with `--model-dir`.
  var modelDirectory: String?
  /// `--fresh`: start at home (or the link given), not where the last session ended.
  var startsFresh = false
  /// How pictures are shown, given with `--graphics`; nil leaves it to `EMOTIONS_GRAPHICS`,
  /// then to asking the terminal.
  var graphics: GraphicsPreference?
  /// The face detector given with `--detector`; nil leaves it to `EMOTIONS_DETECTOR`, then to
  /// BlazeFace.
  var detector: FaceDetectorKind?
}

/// How `emotions routes` prints the tree.
enum RoutesFormat: String, CaseIterable, Sendable {
  /// An indented text tree.
  case tree
  /// Graphviz DOT.
  case dot
  /// A Mermaid flowchart.
  case mermaid
}
