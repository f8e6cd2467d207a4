import Navigation
import NavigationTesting

/// A small app for the tests: a home flow at the root and a settings flow on top of it,
/// with a modal that hosts its own pushed screen.
///
/// ```
/// home ─┬─ detail?id=N                      (home flow)
///       └─ settings ─┬─ account              (settings flow)
///                    └─ picker (modal) ── folder
/// ```
/// The scheme of the sample's links.
let sample = DeepLinkScheme("sample")

enum SampleRoutes {
  static let home = Route(screen: "Home", segment: "home")
  static let detail = Route(screen: "Detail", segment: "detail")
  static let settings = Route(screen: "Settings", segment: "settings")
  static let account = Route(screen: "Account", segment: "account")
  static let picker = Route(screen: "Picker", segment: "picker")
  static let folder = Route(screen: "Folder", segment: "folder")
}

/// The root flow: Home, and Detail pushed on it.
@MainActor
final class HomeCoordinator: BaseCoordinator<Void> {
  let router: any Routing
  let leaks: LeakTracker
  private weak var homeScreen: TestScreen?

  init(router: any Routing, leaks: LeakTracker) {
    self.router = router
    self.leaks = leaks
  }

  override func start() {
    let screen = TestScreen("Home")
    leaks.track(screen, "Home screen")
    homeScreen = screen
    router.setRoot(screen, route: SampleRoutes.home, owner: self)
  }

  func showDetail(id: Int) {
    let screen = TestScreen("Detail \(id)")
    leaks.track(screen, "Detail screen")
    router.push(screen, route: SampleRoutes.detail, query: [.init(name: "id", value: "\(id)")], owner: self)
  }

  override func start(with link: DeepLink) -> Bool {
    switch link.path {
    case ["home"]:
      returnHome()
      return true
    case ["detail"]:
      guard let id = link[query: "id"].flatMap(Int.init) else { return false }
      returnHome()
      showDetail(id: id)
      return true
    default:
      return super.start(with: link)
    }
  }

  private func returnHome() {
    if let homeScreen { router.pop(to: homeScreen) } else { start() }
  }
}

/// A flow on top of home: Settings, then Account, or a Picker modal hosting Folder. It may
/// finish with a value, the theme chosen.
@MainActor
final class SettingsCoordinator: BaseCoordinator<String> {
  let router: any Routing
  let leaks: LeakTracker
  private weak var settingsScreen: TestScreen?

  init(router: any Routing, leaks: LeakTracker) {
    self.router = router
    self.leaks = leaks
    super.init()
    leaks.track(self, "SettingsCoordinator")
  }

  override func start() {
    let screen = TestScreen("Settings")
    leaks.track(screen, "Settings screen")
    settingsScreen = screen
    router.push(screen, route: SampleRoutes.settings, owner: self)
  }

  func showAccount() { show(SampleRoutes.account, modal: false) }
  func showPicker() { show(SampleRoutes.picker, modal: true) }
  func showFolder() { show(SampleRoutes.folder, modal: false) }

  /// Whether `link` names a place in this flow; checked before any screen changes.
  static func canOpen(_ link: DeepLink) -> Bool {
    link.path.first == "settings"
      && [[], ["account"], ["picker"], ["picker", "folder"]].contains(Array(link.path.dropFirst()))
  }

  override func start(with link: DeepLink) -> Bool {
    guard Self.canOpen(link) else { return super.start(with: link) }
    let rest = link.path.dropFirst()
    if let settingsScreen { router.pop(to: settingsScreen) } else { start() }
    for segment in rest {
      switch segment {
      case "account": showAccount()
      case "picker": showPicker()
      default: showFolder()
      }
    }
    return true
  }

  private func show(_ route: Route, modal: Bool) {
    let screen = TestScreen(route.screen)
    leaks.track(screen, "\(route.screen) screen")
    if modal {
      router.present(screen, route: route, owner: self)
    } else {
      router.push(screen, route: route, owner: self)
    }
  }
}

/// The sample's application coordinator: home at the root, settings started on demand.
@MainActor
final class SampleAppCoordinator: BaseCoordinator<Void> {
  let router: TestRouter
  let leaks: LeakTracker
  private(set) var home: HomeCoordinator?
  /// How each settings flow ended, oldest first.
  private(set) var settingsResults: [CoordinatorResult<String>] = []

  init(router: TestRouter, leaks: LeakTracker) {
    self.router = router
    self.leaks = leaks
  }

  var settings: SettingsCoordinator? {
    children.lazy.compactMap { $0 as? SettingsCoordinator }.first
  }

  override func start() {
    let home = HomeCoordinator(router: router, leaks: leaks)
    self.home = home
    addChild(home) { [weak self] _ in self?.cancel() }
    home.start()
  }

  func openSettings() {
    let settings = makeSettings()
    settings.start()
  }

  /// Children first; otherwise close what stands above home and build the settings flow.
  func open(_ link: DeepLink) -> Bool {
    if super.start(with: link) { return true }
    guard SettingsCoordinator.canOpen(link) else { return false }
    router.popToRoot()
    return makeSettings().start(with: link)
  }

  private func makeSettings() -> SettingsCoordinator {
    let settings = SettingsCoordinator(router: router, leaks: leaks)
    addChild(settings) { [weak self] result in self?.settingsResults.append(result) }
    return settings
  }
}
