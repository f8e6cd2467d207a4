import Foundation
import Inference
import TerminalUI

// The `emotions` executable: parse the command line, then run one command.
signal(SIGPIPE, SIG_IGN)

let command: Command
do {
  command = try CommandLineParser.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  StandardStreams.printError("\(error.message)\nRun `emotions --help` for usage.")
  exit(2)
}

switch command {
case .help(let topic):
  guard let text = HelpText.text(for: topic) else {
    StandardStreams.printError("no help for “\(topic ?? "")”; the commands are detect and routes")
    exit(2)
  }
  _ = StandardStreams.printLine(text)
case .version:
  // The BLAS line names the kernels OpenBLAS runs and who chose them.
  _ = StandardStreams.printLine("emotions \(HelpText.version)\nBLAS: \(BLASConfiguration.current)")
case .routes(let format):
  do {
    _ = StandardStreams.printLine(try MainActor.assumeIsolated { try RoutesCommand.render(format) })
  } catch {
    StandardStreams.printError("routes: \(error)")
    exit(1)
  }
case .detect(let options):
  exit(DetectCommand(options: options).run())
case .interactive(let options):
  MainActor.assumeIsolated {
    InteractiveSession.run(options, environment: ProcessInfo.processInfo.environment)
  }
}
