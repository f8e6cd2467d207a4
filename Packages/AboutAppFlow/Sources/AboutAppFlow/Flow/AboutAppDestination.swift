import Navigation

/// A place in the flow that a deep link names, parsed before any screen changes.
///
/// `about` is the About screen; `about/<doc>/<doc>…` adds documents
/// that follow each other in reading order, such as `about/privacy` or `about/terms/privacy`;
/// `consent` is the first-launch consent.
enum AboutAppDestination: Equatable {
  /// The About screen with these documents over it, by index in reading order.
  case about(documents: [Int])
  /// The first-launch documents.
  case consent

  /// Parses `link` against the reading order, or returns `nil` when this flow does not open it.
  init?(_ link: DeepLink, order: [Document]) {
    if link.path == [AboutAppRoutes.consent] {
      self = .consent
      return
    }
    guard link.path.first == AboutAppRoutes.aboutApp.segment else { return nil }
    var indices: [Int] = []
    for segment in link.path.dropFirst() {
      guard let index = order.firstIndex(where: { $0.route.segment == segment }) else { return nil }
      if let previous = indices.last, index != previous + 1 { return nil }
      indices.append(index)
    }
    self = .about(documents: indices)
  }
}
