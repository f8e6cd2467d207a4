import DetectCommand
import OptionTable

/// Turns `CommandLine.arguments` into a ``Command``, or a ``UsageError``: the first argument
/// picks the command, whose option table reads the rest (``LaunchArguments`` for the app,
/// DetectCommand's tables for `detect`, `merge` and `report`, ``RoutesCommand`` for `routes`).
enum CommandLineParser {
  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    let rest = arguments.dropFirst()
    switch arguments.first {
    case "detect":
      return try command(DetectOptions.table.parse(rest, into: DetectOptions()), topic: "detect") {
        .detect($0)
      }
    case "merge":
      return try command(MergeOptions.table.parse(rest, into: MergeOptions()), topic: "merge") { .merge($0) }
    case "report":
      return try command(ReportOptions.table.parse(rest, into: ReportOptions()), topic: "report") {
        .report($0)
      }
    case "routes":
      return try command(RoutesCommand.table.parse(rest, into: .tree), topic: "routes") { .routes($0) }
    case "help":
      return .help(topic: rest.first)
    default:
      return try command(LaunchArguments.table().parse(arguments, into: LaunchArguments()), topic: nil) {
        $0.generated ?? .interactive($0.options)
      }
    }
  }

  /// The command a table's result asks for: `make`'s for parsed options, else help on `topic`
  /// or the version.
  private static func command<Options>(
    _ result: ParseResult<Options>, topic: String?, make: (Options) -> Command
  ) -> Command {
    switch result {
    case .parsed(let options): make(options)
    case .help: .help(topic: topic)
    case .version: .version
    }
  }
}
