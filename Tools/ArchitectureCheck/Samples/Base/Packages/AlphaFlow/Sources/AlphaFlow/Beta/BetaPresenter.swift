/// The Beta screen's presenter.
@MainActor
final class BetaPresenter {
  var title: String { "Beta" }
}
