import Navigation

@testable import TerminalUI

/// A coordinator that owns the screens a test shows and counts how it ended.
@MainActor
final class TestOwner: BaseCoordinator<Void> {
  private(set) var removedCount = 0

  override func routerDidRemoveLastEntry() {
    removedCount += 1
    super.routerDidRemoveLastEntry()
  }
}

/// A screen that draws one label and records the keys it is given.
@MainActor
final class LabelScreen: Screen {
  let title: String
  var label: String
  var consumes: Set<Key> = []
  private(set) var keys: [Key] = []

  init(_ title: String, label: String? = nil) {
    self.title = title
    self.label = label ?? title
  }

  func draw(into canvas: inout Canvas) {
    canvas.put(label, at: Point(x: 1, y: 0))
  }

  func handle(_ key: Key) -> Bool {
    keys.append(key)
    return consumes.contains(key)
  }
}

/// Routes used by the tests.
enum TestRoutes {
  static let main = Route(screen: "Main", segment: "main")
  static let about = Route(screen: "About", segment: "about")
  static let terms = Route(screen: "Terms", segment: "terms")
  static let privacy = Route(screen: "Privacy", segment: "privacy")
  static let dialog = Route(screen: "Dialog", segment: "dialog")
}

extension Canvas {
  /// A canvas of the given size with `draw` applied, for widget tests.
  static func drawing(
    width: Int, height: Int, mode: ColorMode = .palette256, _ draw: (inout Canvas) -> Void
  )
    -> Canvas
  {
    var canvas = Canvas(size: Size(width: width, height: height), colorMode: mode)
    draw(&canvas)
    return canvas
  }
}
