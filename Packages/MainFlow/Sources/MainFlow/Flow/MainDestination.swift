import Navigation

/// A place in the flow that a deep link names, parsed before any screen changes.
///
/// `emotions://main` is the Main screen; `emotions://vision?source=<path>` recognises
/// from a source; `emotions://vision` and `emotions://picker` ask for one;
/// `emotions://vision/picker?source=<path>` is the picker over a running Vision screen.
enum MainDestination: Equatable {
  /// The Main screen alone.
  case main
  /// The Vision screen on a source.
  case vision(source: String)
  /// The source picker, over the Vision screen of `source` when one is given.
  case picker(over: String?)

  /// Parses `link`, or returns `nil` when this flow does not open it.
  init?(_ link: DeepLink) {
    let source = link[query: MainRoutes.sourceQuery].flatMap { $0.isEmpty ? nil : $0 }
    switch link.path {
    case [MainRoutes.main.segment]:
      self = .main
    case [MainRoutes.vision.segment]:
      self = source.map { .vision(source: $0) } ?? .picker(over: nil)
    case [MainRoutes.sourcePicker.segment]:
      self = .picker(over: nil)
    case [MainRoutes.vision.segment, MainRoutes.sourcePicker.segment]:
      guard let source else { return nil }
      self = .picker(over: source)
    default:
      return nil
    }
  }
}
