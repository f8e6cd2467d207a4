import Navigation

/// A route stack as conformance compares stacks: each entry's route, query and style.
/// Screens and owners are objects, different on every run, so they are left out.
struct StackSignature: Equatable, CustomStringConvertible {
  /// One entry of the stack.
  struct Entry: Equatable {
    var route: Route
    var query: [DeepLink.QueryItem]
    var style: PresentationStyle
  }

  var entries: [Entry]

  @MainActor
  init(_ stack: RouteStack) {
    entries = stack.entries.map { Entry(route: $0.route, query: $0.query, style: $0.style) }
  }

  /// Whether this stack is `shorter` with one more entry on top.
  func extends(_ shorter: StackSignature) -> Bool {
    entries.count == shorter.entries.count + 1 && Array(entries.dropLast()) == shorter.entries
  }

  /// `[Host, AboutApp, TermsOfUse]`, with queries and modals: `[Main, SourcePicker (modal)]`.
  var description: String {
    let names = entries.map { entry in
      let query = entry.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
      return entry.route.screen + (query.isEmpty ? "" : "?" + query)
        + (entry.style == .modal ? " (modal)" : "")
    }
    return "[" + names.joined(separator: ", ") + "]"
  }
}
