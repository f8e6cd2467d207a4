import AboutAppFlow
import Navigation
import TerminalUI

/// Stands in for the app: a root menu that starts the About flow, browsing or in consent mode.
@MainActor
final class DemoHostCoordinator: BaseCoordinator<Void> {
  /// The demo's link scheme.
  static let scheme = DeepLinkScheme("aboutapp-demo")

  private let router: TerminalRouter
  private let factory: AboutAppFlowFactory
  private static let host = Route(screen: "DemoHost", segment: "host")

  init(router: TerminalRouter, factory: AboutAppFlowFactory) {
    self.router = router
    self.factory = factory
  }

  override func start() {
    let menu = MenuScreen(
      title: "Host", text: "Runs the About flow without the rest of the app.",
      items: [
        ScreenAction("About this app", key: "a") { [weak self] in self?.open("about") },
        ScreenAction("First-launch consent", key: "c") { [weak self] in self?.open("consent") },
        ScreenAction("Quit", key: "x") { [weak self] in self?.router.quit() },
      ])
    router.setRoot(menu, route: Self.host, owner: self)
  }

  /// The host outlives its menu, which it closes while consent runs on an empty stack.
  override func routerDidRemoveLastEntry() {}

  override func start(with link: DeepLink) -> Bool {
    if super.start(with: link) { return true }
    guard factory.canOpen(link) else { return false }
    if link == factory.launchRequirement?.link { router.close(self) }
    let flow = factory.makeCoordinator(router: router)
    addChild(flow) { [weak self, weak flow] result in
      guard let self else { return }
      if let flow { self.router.close(flow) }
      if self.router.stack.isEmpty { self.start() }
      self.router.showMessage("The flow finished: \(result).")
    }
    return flow.start(with: link)
  }

  private func open(_ path: String) {
    guard let link = try? Self.scheme.parse(linkOrPath: path) else { return }
    _ = start(with: link)
  }
}
