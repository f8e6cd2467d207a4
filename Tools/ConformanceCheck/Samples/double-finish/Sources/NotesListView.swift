import Navigation

/// The list of notes.
@MainActor
final class NotesListView: Presentable {
  let title = "Notes"
}
