import Navigation

/// The screens of the flow, declared once: the coordinator navigates with these values and
/// `emotions routes` prints them.
enum MainRoutes {
  /// What the app does, and the entry to every section. The root of the app.
  static let main = Route(screen: "Main", segment: "main")
  /// Recognition from a camera, a video or images; its source is the query item `source`.
  static let vision = Route(screen: "Vision", segment: "vision")
  /// The modal that asks for a source.
  static let sourcePicker = Route(screen: "SourcePicker", segment: "picker")
  /// The query item that names a Vision screen's source.
  static let sourceQuery = "source"
}
