import Navigation

/// A place in the flow that a deep link names, parsed before any screen changes.
///
/// `main` is the Main screen; `vision?source=<path>` recognises from a source;
/// `vision` and `picker` ask for one, `picker?source=<path>` suggesting it;
/// `vision/picker?source=<path>` is the picker over a running Vision screen.
enum MainDestination: Equatable {
  /// The Main screen alone.
  case main
  /// The Vision screen on a source.
  case vision(source: String)
  /// The source picker over Main, with a source suggested or none.
  case picker(suggesting: String?)
  /// The source picker over the Vision screen of a source.
  case pickerOverVision(source: String)

  /// Parses `link`, or returns `nil` when this flow does not open it.
  init?(_ link: DeepLink) {
    let source = link[query: MainRoutes.sourceQuery].flatMap { $0.isEmpty ? nil : $0 }
    switch link.path {
    case [MainRoutes.main.segment]:
      self = .main
    case [MainRoutes.vision.segment]:
      self = source.map { .vision(source: $0) } ?? .picker(suggesting: nil)
    case [MainRoutes.sourcePicker.segment]:
      self = .picker(suggesting: source)
    case [MainRoutes.vision.segment, MainRoutes.sourcePicker.segment]:
      guard let source else { return nil }
      self = .pickerOverVision(source: source)
    default:
      return nil
    }
  }

  /// Where a later launch should reopen this place: recognition does not restart by itself,
  /// so a Vision screen comes back as the picker suggesting its source.
  var restored: MainDestination {
    switch self {
    case .vision(let source), .pickerOverVision(let source): .picker(suggesting: source)
    case .main, .picker: self
    }
  }

  /// The link that opens this place.
  var link: DeepLink? {
    switch self {
    case .main: try? DeepLink(path: [MainRoutes.main.segment])
    case .vision(let source):
      try? DeepLink(path: [MainRoutes.vision.segment], query: [MainRoutes.sourceItem(source)])
    case .picker(let source):
      try? DeepLink(
        path: [MainRoutes.sourcePicker.segment], query: source.map { [MainRoutes.sourceItem($0)] } ?? [])
    case .pickerOverVision(let source):
      try? DeepLink(
        path: [MainRoutes.vision.segment, MainRoutes.sourcePicker.segment],
        query: [MainRoutes.sourceItem(source)])
    }
  }
}
