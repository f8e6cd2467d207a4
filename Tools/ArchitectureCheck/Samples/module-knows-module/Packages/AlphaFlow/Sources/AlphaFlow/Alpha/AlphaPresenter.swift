/// What the Alpha module tells its coordinator.
@MainActor
protocol AlphaModuleOutput: AnyObject {
  func alphaDidFinish()
}

/// A classic-MVP presenter that builds the next module itself: the rule forbids it.
@MainActor
final class AlphaPresenter {
  weak var output: (any AlphaModuleOutput)?
  private(set) var next: BetaPresenter?

  func didSelectNext() { next = BetaPresenter() }
}
