/// The screens of one window, bottom to top, and the rules for changing them.
///
/// `RouteStack` is a value with no side effects. ``StackRouter`` owns one, applies these
/// operations and tells coordinators about the entries that left, so a terminal router and
/// the test router share exactly the same logic.
@MainActor
public struct RouteStack {
  /// The entries, bottom first.
  public private(set) var entries: [RouteEntry] = []

  /// Creates an empty stack.
  public init() {}

  /// The topmost entry.
  public var top: RouteEntry? { entries.last }

  /// Whether there is nothing on the stack.
  public var isEmpty: Bool { entries.isEmpty }

  /// The routes of the entries, bottom first: the stack as its declarations.
  public var routes: [Route] { entries.map(\.route) }

  /// The index of the first entry of the navigation context on top: the topmost modal, or the root.
  var contextStart: Int? {
    entries.lastIndex { $0.style != .push }
  }

  /// Replaces every entry with `entry`, which becomes the root.
  mutating func setRoot(_ entry: RouteEntry) -> [RouteEntry] {
    let removed = entries
    entries = [RouteEntry(entry, style: .root)]
    return removed.reversed()
  }

  /// Appends `entry` with the given style; on an empty stack it becomes the root.
  mutating func append(_ entry: RouteEntry, style: PresentationStyle) {
    entries.append(RouteEntry(entry, style: entries.isEmpty ? .root : style))
  }

  /// Removes the top entry if it was pushed; a modal or the root stays.
  mutating func pop() -> [RouteEntry] {
    guard let top, top.style == .push else { return [] }
    return truncate(to: entries.count - 1)
  }

  /// Removes the topmost modal and everything above it.
  mutating func dismiss() -> [RouteEntry] {
    guard let modal = entries.lastIndex(where: { $0.style == .modal }) else { return [] }
    return truncate(to: modal)
  }

  /// Removes the pushed entries above the top context's first entry.
  mutating func popToRoot() -> [RouteEntry] {
    guard let start = contextStart else { return [] }
    return truncate(to: start + 1)
  }

  /// Removes every entry above the one showing `screen`; nothing when it is not on the stack.
  mutating func pop(to screen: any Presentable) -> [RouteEntry] {
    guard let index = entries.lastIndex(where: { $0.shows(screen) }) else { return [] }
    return truncate(to: index + 1)
  }

  /// What the user's back key does: pop a pushed entry, or dismiss a modal. The root stays.
  mutating func back() -> [RouteEntry] {
    switch top?.style {
    case .push: pop()
    case .modal: dismiss()
    case .root, nil: []
    }
  }

  /// Removes the first entry `coordinator` owns and everything above it.
  mutating func close(_ coordinator: any Coordinator) -> [RouteEntry] {
    guard let first = entries.firstIndex(where: { $0.isOwned(by: coordinator) }) else { return [] }
    return truncate(to: first)
  }

  /// Whether any entry is owned by `coordinator`.
  public func contains(ownedBy coordinator: any Coordinator) -> Bool {
    entries.contains { $0.isOwned(by: coordinator) }
  }

  /// The stack written as a deep link; opening it rebuilds the same stack.
  ///
  /// The root screen is implied when others stand on it: `[main, about, terms]` is
  /// `about/terms`, and `[main]` alone is `main`. Query items of all
  /// entries are joined in stack order.
  public var deepLink: DeepLink? {
    let named = entries.count > 1 ? entries.dropFirst() : entries[...]
    guard !named.isEmpty else { return nil }
    return try? DeepLink(path: named.map(\.route.segment), query: named.flatMap(\.query))
  }

  /// Keeps the first `count` entries; returns the removed ones, top first.
  private mutating func truncate(to count: Int) -> [RouteEntry] {
    let removed = entries[count...].reversed()
    entries.removeSubrange(count...)
    return Array(removed)
  }
}

extension RouteEntry {
  /// The same entry with another style.
  fileprivate init(_ entry: RouteEntry, style: PresentationStyle) {
    self.init(screen: entry.screen, route: entry.route, query: entry.query, style: style, owner: entry.owner)
  }
}
