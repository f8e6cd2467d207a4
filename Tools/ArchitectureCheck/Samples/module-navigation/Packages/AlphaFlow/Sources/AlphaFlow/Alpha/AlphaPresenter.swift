import Navigation

/// What the Alpha module tells its coordinator.
@MainActor
protocol AlphaModuleOutput: AnyObject {
  func alphaDidFinish()
}

/// A presenter that navigates by itself: the rule forbids it.
@MainActor
final class AlphaPresenter {
  weak var output: (any AlphaModuleOutput)?
  weak var router: (any Routing)?

  func didSelectNext() { router?.push("Beta") }
}
