/// A button under a document. The coordinator chooses which ones a document shows, so the
/// document modules need not know what comes before or after them.
enum DocumentAction: CaseIterable, Sendable {
  /// Go on to the next document.
  case next
  /// Go back to what was before.
  case back
  /// Accept the documents (first launch).
  case accept
  /// Decline and quit (first launch).
  case decline

  /// The button's label.
  var title: String {
    switch self {
    case .next: "Next"
    case .back: "Back"
    case .accept: "Accept"
    case .decline: "Quit"
    }
  }

  /// Whether this is the action that goes on (Next, Accept): the one Enter presses.
  var isPrimary: Bool { self == .next || self == .accept }

  /// The key that picks the button directly.
  var key: Character {
    switch self {
    case .next: "n"
    case .back: "b"
    case .accept: "a"
    case .decline: "x"
    }
  }
}
