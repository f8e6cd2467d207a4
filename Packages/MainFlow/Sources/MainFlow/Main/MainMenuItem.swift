/// The Main screen's menu.
enum MainMenuItem: CaseIterable, Sendable {
  /// Recognise emotions (the Vision screen).
  case vision
  /// About this app (another flow, reached through the app; offered only when it has one).
  case about
  /// Quit the app.
  case quit

  /// The item's label.
  var title: String {
    switch self {
    case .vision: "Recognize emotions"
    case .about: "About this app"
    case .quit: "Quit"
    }
  }

  /// A short description beside the label.
  var detail: String {
    switch self {
    case .vision: "a photo, a folder, a video or a camera"
    case .about: "version, model, terms and privacy"
    case .quit: "leave Emotions"
    }
  }

  /// The key that picks it directly.
  var key: Character {
    switch self {
    case .vision: "r"
    case .about: "a"
    case .quit: "x"
    }
  }
}
