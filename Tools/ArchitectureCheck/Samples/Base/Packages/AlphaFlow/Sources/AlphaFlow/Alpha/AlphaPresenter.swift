/// What the Alpha module tells its coordinator (a doc comment may name the router).
@MainActor
protocol AlphaModuleOutput: AnyObject {
  func alphaDidFinish()
}

/// The Alpha screen's presenter: it reports, and never navigates.
@MainActor
final class AlphaPresenter {
  weak var output: (any AlphaModuleOutput)?
  let label = "Next goes through the router"  // strings and comments are not code

  func didSelectNext() { output?.alphaDidFinish() }
}
