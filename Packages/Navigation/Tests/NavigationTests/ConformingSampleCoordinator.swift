import Navigation
import NavigationTesting

/// Shows the sample's screens for each of its links.
final class ConformingSampleCoordinator: FlowCoordinator {
  private let router: any Routing
  private let reusesSettings: Bool
  private weak var settingsScreen: TestScreen?

  init(router: any Routing, reusesSettings: Bool) {
    self.router = router
    self.reusesSettings = reusesSettings
  }

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
    if reusesSettings, let settingsScreen { return router.pop(to: settingsScreen) }
    let screen = TestScreen("Settings")
    settingsScreen = screen
    router.push(screen, route: ConformingSampleFactory.settings, owner: self)
  }
}
