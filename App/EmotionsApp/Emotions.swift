import DetectCommand
import FaceAnalysis
import Foundation
import Navigation
import OptionTable
import System
import TerminalUI

/// The `emotions` command line: parses the arguments and runs one command.
///
/// The executable is only `Emotions.main()`; everything it runs lives in this library, so
/// tests can drive each command in process.
public enum Emotions {
  /// The app's version, printed by `--version` and shown on the About screen.
  public static let version = "0.1.0"

  /// The scheme of the app's links: `emotions://about/privacy`.
  static let linkScheme = DeepLinkScheme("emotions")

  /// Runs the command the process was started with, then exits.
  @MainActor
  public static func main() -> Never {
    // Whatever the parent blocked, the signals the app handles must reach it.
    SystemTerminal.unblockHandledSignals()
    ProcessSignals.ignoreBrokenPipe()
    let command: Command
    do {
      command = try CommandLineParser.parse(Array(CommandLine.arguments.dropFirst()))
        .resolvingDetector(environment: ProcessInfo.processInfo.environment)
      try check(command)
    } catch {
      // One line, as scripts read it; `emotions --help` has the rest.
      StandardStreams.process.printError(error.message)
      exit(2)
    }
    switch command {
    case .interactive(let options):
      InteractiveSession.run(options, environment: ProcessInfo.processInfo.environment)
    default:
      exit(run(command))
    }
  }

  /// Refuses, before anything is shown, an `EMOTIONS_CPU` that names no instruction set, and
  /// a command the app's flows cannot carry out: a link given with `--open` that no flow opens.
  @MainActor
  static func check(_ command: Command) throws(UsageError) {
    if let problem = ComputeRuntime.environmentProblem { throw UsageError(problem) }
    guard case .interactive(let options) = command else { return }
    let plugins = FlowPlugins.declarations()
    guard plugins.home != nil else { throw UsageError("this build of emotions has no flows to show") }
    if let link = options.link, plugins.factory(opening: link) == nil {
      throw UsageError("--open: " + linkScheme.message(for: .unhandled(link)))
    }
  }

  /// Runs a command that returns, and gives its exit status.
  @MainActor
  static func run(_ command: Command) -> Int32 {
    switch command {
    case .help(let topic):
      let tool = EmotionsManual.tool()
      guard let text = HelpPage(tool: tool).text(for: topic) else {
        let names = tool.commandNames.filter { $0 != "help" }
        StandardStreams.process.printError(
          "no help for “\(topic ?? "")”; the commands are \(names.dropLast().joined(separator: ", ")) and \(names.last ?? "")"
        )
        return 2
      }
      _ = StandardStreams.process.printLine(text)
    case .manual:
      _ = StandardStreams.process.printText(ManualPage(tool: EmotionsManual.tool()).roff)
    case .completionScript(let shell):
      _ = StandardStreams.process.printText(
        CompletionScript(tool: EmotionsManual.tool(links: RoutesCommand.linkPaths), shell: shell).text)
    case .version:
      // The BLAS line names the kernels OpenBLAS runs and who chose them; the next, the
      // instruction set of the app's own kernels (EMOTIONS_CPU caps it).
      _ = StandardStreams.process.printLine(
        "emotions \(version)\nBLAS: \(ComputeRuntime.blas)\nKernels: \(ComputeRuntime.kernels)")
    case .routes(let format):
      _ = StandardStreams.process.printLine(RoutesCommand.render(format))
    case .detect(let options):
      return Detect(options: options, version: version).run()
    case .merge(let options):
      return Merge(options: options).run()
    case .report(let options):
      return Report(options: options, version: version).run()
    case .interactive(let options):
      InteractiveSession.run(options, environment: ProcessInfo.processInfo.environment)
    }
    return 0
  }
}
