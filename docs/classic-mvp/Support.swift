// Stand-ins for the sketch: just enough for `swiftc -typecheck docs/classic-mvp/*.swift`.
// Not part of the app; see docs/navigation-change.md.

/// A screen the router can show.
@MainActor
protocol Screen: AnyObject {
  var title: String { get }
}

/// What a classic-MVP presenter holds to move on: the navigation stack itself.
@MainActor
protocol Router: AnyObject {
  func push(_ screen: any Screen)
  func pop()
}

/// A button under a document.
enum DocumentButton: Equatable {
  case next, back, accept, quit
}

/// What a document presenter shows on its view.
@MainActor
protocol DocumentView: AnyObject {
  func show(title: String, text: String, buttons: [DocumentButton])
}

/// The screen the document views are drawn with.
@MainActor
final class DocumentScreen: Screen, DocumentView {
  var title = ""
  var buttons: [DocumentButton] = []
  var onButton: ((DocumentButton) -> Void)?

  func show(title: String, text: String, buttons: [DocumentButton]) {
    self.title = title
    self.buttons = buttons
  }
}

/// Where consent ends: accepted or declined, told to the app.
@MainActor
protocol ConsentListener: AnyObject {
  func consentFinished(accepted: Bool)
}
