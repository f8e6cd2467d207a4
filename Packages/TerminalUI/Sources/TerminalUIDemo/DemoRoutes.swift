import Navigation

/// The demo's screens, declared once and used both to navigate and in deep links.
enum DemoRoutes {
  static let menu = Route(screen: "Menu", segment: "menu")
  static let document = Route(screen: "Document", segment: "document")
  static let widgets = Route(screen: "Widgets", segment: "widgets")
  static let prompt = Route(screen: "Prompt", segment: "prompt")
  static let confirm = Route(screen: "Confirm", segment: "confirm")
  static let details = Route(screen: "Details", segment: "details")
}
