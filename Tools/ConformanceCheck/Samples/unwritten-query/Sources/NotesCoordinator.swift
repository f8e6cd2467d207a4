import Navigation

/// Shows the list of notes, and a note over it, for each link of the flow; the user leaving
/// the list cancels the flow.
@MainActor
final class NotesCoordinator: FlowCoordinator {
  private let router: any Routing
  private weak var listScreen: NotesListView?

  init(router: any Routing) {
    self.router = router
  }

  override func start() { showList() }

  override func start(with link: DeepLink) -> Bool {
    guard let destination = NotesDestination(link) else { return super.start(with: link) }
    showList()
    if case .note(let id) = destination { showNote(id: id) }
    return true
  }

  private func showList() {
    if let listScreen { return router.pop(to: listScreen) }
    let screen = NotesListView()
    listScreen = screen
    router.push(screen, route: NotesRoutes.notes, owner: self)
  }

  private func showNote(id: Int) {
    let presenter = NotePresenter(id: id)
    let view = NoteView(output: presenter)
    presenter.view = view
    presenter.viewDidLoad()
    // Broken: the note is pushed without its query, so the stack writes `notes/note`, which no link opens.
    router.push(view, route: NotesRoutes.note, owner: self)
  }
}
