import Navigation

/// A place in the flow that a link names: `notes`, or `notes/note?id=N`.
enum NotesDestination: Equatable {
  /// The list alone.
  case list
  /// Note `id` over the list.
  case note(id: Int)

  /// Parses `link`, or returns `nil` when the flow does not open it.
  init?(_ link: DeepLink) {
    switch link.path {
    case [NotesRoutes.notes.segment]: self = .list
    case [NotesRoutes.notes.segment, NotesRoutes.note.segment]:
      guard let id = link[query: "id"].flatMap(Int.init) else { return nil }
      self = .note(id: id)
    default: return nil
    }
  }

  /// The link that opens this place.
  var link: DeepLink? {
    switch self {
    case .list: try? DeepLink(path: [NotesRoutes.notes.segment])
    case .note(let id):
      try? DeepLink(
        path: [NotesRoutes.notes.segment, NotesRoutes.note.segment], query: [NotesRoutes.noteItem(id)])
    }
  }
}
