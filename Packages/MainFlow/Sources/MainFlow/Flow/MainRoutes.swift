import Navigation

/// The screens of the flow, declared once: the coordinators navigate with these values and
/// the app's map of routes prints them.
enum MainRoutes {
  /// What the app does, and the entry to every section. The root of the app.
  static let main = Route(screen: "Main", segment: "main")
  /// Recognition from a camera, a video or images; its source is the query item `source`.
  static let vision = Route(screen: "Vision", segment: "vision")
  /// The modal that asks for a source; a link's `source` names the one it suggests.
  static let sourcePicker = Route(screen: "SourcePicker", segment: "picker")
  /// The query item that names a Vision screen's source.
  static let sourceQuery = "source"
  /// The link to "About this app", which another flow opens when the app has one.
  static let aboutLink = try? DeepLink(path: ["about"])

  /// The query item naming `source`.
  static func sourceItem(_ source: String) -> DeepLink.QueryItem {
    DeepLink.QueryItem(name: sourceQuery, value: source)
  }
}
