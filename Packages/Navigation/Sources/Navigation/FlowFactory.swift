/// The plugin interface of a flow package: the one public type a flow exports.
///
/// The app keeps a list of factories. It asks each for the deep-link paths it handles, and
/// builds the flow's coordinator when the user or a link needs it.
@MainActor
public protocol FlowFactory {
  /// A stable, unique name for the flow, such as `about`.
  var id: String { get }

  /// The first path segments of the deep links this flow opens, such as `["about"]`.
  var deepLinkPaths: [String] { get }

  /// The screens the flow can show, in the order a user meets them; `emotions routes`
  /// prints these, and the coordinator navigates with the same values.
  var routes: [Route] { get }

  /// The deep links the flow documents, for `emotions routes` and for tests.
  var exampleLinks: [DeepLink] { get }

  /// Whether the flow can open `link`, decided without touching any screen, so that the app
  /// can leave the stack as it was when no flow can.
  func canOpen(_ link: DeepLink) -> Bool

  /// Builds the flow's coordinator, showing its screens through `router`.
  func makeCoordinator(router: any Routing) -> any FlowCoordinator
}

extension FlowFactory {
  /// By default, a flow claims every link whose first segment is one of its paths.
  public func canOpen(_ link: DeepLink) -> Bool {
    link.path.first.map(deepLinkPaths.contains) ?? false
  }
}
