import Navigation
import NavigationTesting

/// A flow that keeps the plugin contract, for the tests of FlowConformance: Settings, with
/// Account pushed on it or a Picker modal, and a launch requirement (`welcome`) that ends
/// with Accept.
///
/// ```
/// settings ─┬─ account
///           └─ picker (modal)        welcome (requirement, on an empty stack)
/// ```
struct ConformingSampleFactory: FlowFactory {
  static let settings = Route(screen: "Settings", segment: "settings")
  static let account = Route(screen: "Account", segment: "account")
  static let picker = Route(screen: "Picker", segment: "picker")
  static let welcome = Route(screen: "Welcome", segment: "welcome")

  /// Declares fewer routes than the flow shows, for a test that the kit notices.
  var declaresWelcome = true
  /// Pushes another Settings screen when a link names Settings again, rather than going back
  /// to the one shown: a bug that only a walk over a running flow finds.
  var reusesSettings = true

  init(environment: FlowEnvironment) {}

  var id: String { "settings" }
  var routes: [Route] {
    [Self.settings, Self.account, Self.picker] + (declaresWelcome ? [Self.welcome] : [])
  }
  var exampleLinks: [DeepLink] {
    [["settings"], ["settings", "account"], ["settings", "picker"], ["welcome"]]
      .compactMap { try? DeepLink(path: $0) }
  }
  var launchRequirement: LaunchRequirement? {
    (try? DeepLink(path: ["welcome"])).map { LaunchRequirement(id: "welcome", version: 1, link: $0) }
  }

  func canOpen(_ link: DeepLink) -> Bool {
    [["settings"], ["settings", "account"], ["settings", "picker"], ["welcome"]].contains(link.path)
  }

  func restorableLink(for link: DeepLink) -> DeepLink? { link.path == ["welcome"] ? nil : link }

  func makeCoordinator(router: any Routing) -> FlowCoordinator {
    ConformingSampleCoordinator(router: router, reusesSettings: reusesSettings)
  }
}
