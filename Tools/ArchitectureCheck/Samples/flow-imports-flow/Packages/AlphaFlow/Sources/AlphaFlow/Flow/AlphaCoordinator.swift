internal import BetaFlow
import Navigation

/// Decides what comes next: Alpha, then Beta. The router is used here, and only here.
@MainActor
final class AlphaCoordinator: AlphaModuleOutput {
  let router: any Routing

  init(router: any Routing) { self.router = router }

  func start() {
    let alpha = AlphaPresenter()
    alpha.output = self
    router.push("Alpha")
  }

  func alphaDidFinish() {
    _ = BetaPresenter()
    router.push("Beta")
  }
}
