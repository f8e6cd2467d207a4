import Navigation

/// Small changes to a link a flow opens, of the kind a user types or an old saved stack
/// holds: a segment dropped, added, swapped or changed, a query dropped or changed. Each
/// one either opens, and must then round-trip, or must be refused without touching the stack.
enum LinkMutation {
  /// A segment no flow declares.
  static let unknownSegment = "conformance-unknown"

  /// Every mutation of `link`, using `segments` (the flow's declared route segments) where
  /// one is added or replaced, each with a word saying what changed.
  static func mutations(of link: DeepLink, segments: [String]) -> [(change: String, link: DeepLink)] {
    let path = link.path
    var paths: [(String, [String], [DeepLink.QueryItem])] = []
    if path.count > 1 {
      paths.append(("last segment dropped", Array(path.dropLast()), link.query))
      paths.append(("first segment dropped", Array(path.dropFirst()), link.query))
      paths.append(("segments reversed", path.reversed(), link.query))
    }
    paths.append(("last segment repeated", path + path.suffix(1), link.query))
    paths.append(("an unknown segment added", path + [unknownSegment], link.query))
    paths.append(("first segment in capitals", [path[0].uppercased()] + path.dropFirst(), link.query))
    for segment in segments {
      paths.append(("\(segment) added", path + [segment], link.query))
      paths.append(("last segment replaced by \(segment)", path.dropLast() + [segment], link.query))
    }
    if !link.query.isEmpty {
      paths.append(("query dropped", path, []))
      paths.append(
        ("query values changed", path, link.query.map { .init(name: $0.name, value: "conformance-value") }))
    }
    paths.append(("a query item added", path, link.query + [.init(name: "conformance", value: "1")]))
    return paths.compactMap { change, path, query in
      guard let mutated = try? DeepLink(path: path, query: query), mutated != link else { return nil }
      return (change, mutated)
    }
  }

  /// A link that names nothing any flow declares.
  static let foreignLink = try? DeepLink(
    path: ["conformance-foreign"], query: [.init(name: "from", value: "test")])
}
