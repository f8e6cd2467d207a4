import Foundation
import Inference

/// The `emotions` command line: parses the arguments and runs one command.
///
/// The executable is only `Emotions.main()`; everything it runs lives in this library, so
/// tests can drive each command in process.
public enum Emotions {
  /// The app's version, printed by `--version` and shown on the About screen.
  public static let version = "0.1.0"

  /// Runs the command the process was started with, then exits.
  @MainActor
  public static func main() -> Never {
    signal(SIGPIPE, SIG_IGN)
    let command: Command
    do {
      command = try CommandLineParser.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      StandardStreams.process.printError("\(error.message)\nRun `emotions --help` for usage.")
      exit(2)
    }
    switch command {
    case .interactive(let options):
      InteractiveSession.run(options, environment: ProcessInfo.processInfo.environment)
    default:
      exit(run(command))
    }
  }

  /// Runs a command that returns, and gives its exit status.
  @MainActor
  static func run(_ command: Command) -> Int32 {
    switch command {
    case .help(let topic):
      guard let text = HelpText.text(for: topic) else {
        StandardStreams.process.printError("no help for “\(topic ?? "")”; the commands are detect and routes")
        return 2
      }
      _ = StandardStreams.process.printLine(text)
    case .version:
      // The BLAS line names the kernels OpenBLAS runs and who chose them.
      _ = StandardStreams.process.printLine("emotions \(version)\nBLAS: \(BLASConfiguration.current)")
    case .routes(let format):
      do {
        _ = StandardStreams.process.printLine(try RoutesCommand.render(format))
      } catch {
        StandardStreams.process.printError("routes: \(error)")
        return 1
      }
    case .detect(let options):
      return DetectCommand(options: options).run()
    case .interactive(let options):
      InteractiveSession.run(options, environment: ProcessInfo.processInfo.environment)
    }
    return 0
  }
}
