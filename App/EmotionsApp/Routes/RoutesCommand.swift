/// `emotions routes`: the plugin list the app runs, printed.
@MainActor
enum RoutesCommand {
  /// The map in `format`, from the same flow packages as the app; only their declarations
  /// are read, so they are made with no services.
  static func render(_ format: RoutesFormat) -> String {
    RoutesPrinter(plugins: FlowPlugins.declarations().factories, scheme: Emotions.linkScheme).render(format)
  }
}
