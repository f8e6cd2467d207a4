import OptionTable

/// `emotions routes`: the plugin list the app runs, printed.
@MainActor
enum RoutesCommand {
  /// The map in `format`, from the same flow packages as the app; only their declarations
  /// are read, so they are made with no services.
  static func render(_ format: RoutesFormat) -> String {
    RoutesPrinter(plugins: FlowPlugins.declarations().factories, scheme: Emotions.linkScheme).render(format)
  }

  /// The paths of the example links the flows declare (`about/privacy`), which the completion
  /// scripts offer for `--open`; links with a query name a made-up source and are left out.
  static var linkPaths: [String] {
    FlowPlugins.declarations().factories.flatMap(\.exampleLinks).filter(\.query.isEmpty).map(\.description)
  }
}

extension RoutesCommand {
  /// `emotions routes`' options: what its parser reads, and what its help, the manual page and
  /// the completion scripts say.
  nonisolated static let table = CommandTable<RoutesFormat>(
    name: "routes", synopsis: "routes [--format tree|dot|mermaid]",
    abstract: "print the flows, their screens and the deep links that open them",
    discussion: [
      "Prints the coordinator tree, each flow's screens and the deep links that open them, from the same "
        + "declarations the app navigates with."
    ],
    options: [
      .help("-h", "--help", help: "show this help"),
      .choice(
        "--format", valueName: "f",
        help: "tree (default: an indented text tree), dot (Graphviz) or mermaid (a Mermaid flowchart)"
      ) { $0 = $1 },
    ],
    unknownOption: { "unknown argument \($0) for routes" },
    unexpectedArgument: { "unknown argument \($0) for routes" })
}
