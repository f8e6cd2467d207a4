/// One screen on the route stack, with how it got there and which coordinator owns it.
@MainActor
public struct RouteEntry {
  /// The screen itself, kept alive while the entry is on the stack.
  public let screen: any Presentable
  /// The declaration this screen was shown under.
  public let route: Route
  /// Query items that belong to this screen in a deep link, such as `source=clip.mp4`.
  public let query: [DeepLink.QueryItem]
  /// How the entry was shown.
  public let style: PresentationStyle
  /// The coordinator that showed it; weak, because coordinators are owned by their parents.
  public private(set) weak var owner: (any Coordinator)?

  /// Creates an entry.
  public init(
    screen: any Presentable, route: Route, query: [DeepLink.QueryItem] = [], style: PresentationStyle,
    owner: (any Coordinator)?
  ) {
    self.screen = screen
    self.route = route
    self.query = query
    self.style = style
    self.owner = owner
  }

  /// Whether this entry shows `screen`.
  public func shows(_ screen: any Presentable) -> Bool { self.screen === screen }

  /// Whether `coordinator` owns this entry.
  public func isOwned(by coordinator: any Coordinator) -> Bool { owner === coordinator }
}
