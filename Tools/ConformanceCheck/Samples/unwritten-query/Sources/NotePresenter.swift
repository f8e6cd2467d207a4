/// Shows note `id` on its view, which it holds weakly: the view holds the presenter.
@MainActor
final class NotePresenter: NoteViewOutput {
  weak var view: NoteView?
  private let id: Int

  init(id: Int) {
    self.id = id
  }

  func viewDidLoad() { view?.title = "Note \(id)" }
}
