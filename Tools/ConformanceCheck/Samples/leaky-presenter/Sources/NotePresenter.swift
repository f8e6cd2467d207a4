/// Shows note `id` on its view.
@MainActor
final class NotePresenter: NoteViewOutput {
  // Broken: a strong reference back to the view, which holds the presenter: neither is ever released.
  var view: NoteView?
  private let id: Int

  init(id: Int) {
    self.id = id
  }

  func viewDidLoad() { view?.title = "Note \(id)" }
}
