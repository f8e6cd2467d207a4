import TerminalUI

/// What the Main presenter shows on its view.
@MainActor
protocol MainViewInput: AnyObject {
  /// Shows the summary, the menu and an optional note.
  func show(summary: [String], items: [MainMenuItem], note: String?)
}

/// The Main screen: what the app does, and a menu of its sections.
@MainActor
final class MainView: MenuScreen, MainViewInput {
  /// Where the user's choices go; the view keeps its presenter alive.
  let output: any MainViewOutput

  init(output: any MainViewOutput) {
    self.output = output
    super.init(title: "Home", items: [])
  }

  func show(summary: [String], items: [MainMenuItem], note: String?) {
    text = (summary + (note.map { ["", $0] } ?? [])).joined(separator: "\n")
    self.items = items.map { item in
      ScreenAction(item.title, detail: item.detail, key: item.key) { [weak self] in
        self?.output.didSelect(item)
      }
    }
  }
}
