import Navigation

/// The screens of the flow, declared once: the coordinator navigates with these values.
enum NotesRoutes {
  /// The list of notes, the flow's first screen.
  static let notes = Route(screen: "Notes", segment: "notes")
  /// One note over the list; the query item `id` names it.
  static let note = Route(screen: "Note", segment: "note")

  /// The query item naming note `id`.
  static func noteItem(_ id: Int) -> DeepLink.QueryItem { DeepLink.QueryItem(name: "id", value: "\(id)") }
}
