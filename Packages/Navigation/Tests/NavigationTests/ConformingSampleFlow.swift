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

  func makeCoordinator(router: any Routing) -> FlowCoordinator { ConformingSampleCoordinator(router: router) }
}

/// Shows the sample's screens for each of its links.
final class ConformingSampleCoordinator: FlowCoordinator {
  private let router: any Routing
  private weak var settingsScreen: TestScreen?

  init(router: any Routing) { self.router = router }

  override func start(with link: DeepLink) -> Bool {
    switch link.path {
    case ["welcome"]:
      guard router.stack.isEmpty else { return false }
      router.push(TestScreen("Welcome"), route: ConformingSampleFactory.welcome, owner: self)
    case ["settings"]: showSettings()
    case ["settings", "account"]:
      showSettings()
      router.push(TestScreen("Account"), route: ConformingSampleFactory.account, owner: self)
    case ["settings", "picker"]:
      showSettings()
      router.present(TestScreen("Picker"), route: ConformingSampleFactory.picker, owner: self)
    default: return super.start(with: link)
    }
    return true
  }

  /// The user accepts the welcome: the requirement is met.
  func accept() { finish(with: ()) }

  private func showSettings() {
    if let settingsScreen { return router.pop(to: settingsScreen) }
    let screen = TestScreen("Settings")
    settingsScreen = screen
    router.push(screen, route: ConformingSampleFactory.settings, owner: self)
  }
}
