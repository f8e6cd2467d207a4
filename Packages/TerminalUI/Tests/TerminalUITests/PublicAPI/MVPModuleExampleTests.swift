import Navigation
import TerminalUI
import TerminalUITesting
import Testing

// The README's example, written as a flow would write it: only the public API (no
// @testable import in this file), an MVP module around a ready-made screen.

@MainActor
private protocol MainViewInput: AnyObject {
  func show(sections: [String])
}

@MainActor
private protocol MainViewOutput: AnyObject {
  func viewDidLoad()
  func didSelectSection(at index: Int)
}

@MainActor
private final class MainView: MenuScreen, MainViewInput {
  weak var output: MainViewOutput?

  init() { super.init(title: "Main", text: "What would you like to do?", items: []) }

  func show(sections: [String]) {
    items = sections.enumerated().map { index, name in
      ScreenAction(name) { [weak self] in self?.output?.didSelectSection(at: index) }
    }
  }
}

@MainActor
private final class MainPresenter: MainViewOutput {
  weak var view: MainViewInput?
  var onSection: ((String) -> Void)?
  private let sections = ["Camera", "About"]

  func viewDidLoad() { view?.show(sections: sections) }
  func didSelectSection(at index: Int) { onSection?(sections[index]) }
}

@MainActor
private final class MainCoordinator: BaseCoordinator<Void> {
  static let main = Route(screen: "Main", segment: "main")
  static let about = Route(screen: "About", segment: "about")
  let router: any Routing
  private(set) var presenter: MainPresenter?

  init(router: any Routing) { self.router = router }

  override func start() {
    let view = MainView()
    let presenter = MainPresenter()
    view.output = presenter
    presenter.view = view
    presenter.onSection = { [weak self] name in self?.open(name) }
    presenter.viewDidLoad()
    self.presenter = presenter
    router.setRoot(view, route: Self.main, owner: self)
  }

  private func open(_ name: String) {
    let page = TextPageScreen(
      title: name, text: "About this app.",
      buttons: [ScreenAction("Back", key: "b") { [weak self] in self?.router.goBack() }])
    router.push(page, route: Self.about, owner: self)
  }
}

@MainActor
struct MVPModuleExampleTests {
  @Test func fullScreenSession() {
    let router = TerminalRouter(appName: "Emotions")
    let terminal = VirtualTerminal(router: router, size: Size(width: 40, height: 9))
    let coordinator = MainCoordinator(router: router)
    coordinator.start()
    #expect(
      terminal.screenLines == [
        " Emotions › Main",
        "",
        " What would you like to do?",
        "",
        " ▸ 1  Camera",
        "   2  About",
        "",
        "",
        " ↑↓ move  Enter open  ? help",
      ])
    terminal.press(.down, .enter)
    #expect(terminal.screenLines[0] == " Emotions › Main › About")
    #expect(terminal.screenLines[2] == " About this app.")
    terminal.press(.character("b"))
    #expect(router.stack.routes == [MainCoordinator.main])
    terminal.press(.character("q"))
    #expect(terminal.exitReason == .quit)
  }

  @Test func lineModeSession() {
    let router = TerminalRouter()
    let terminal = VirtualTerminal(router: router, mode: .line)
    let coordinator = MainCoordinator(router: router)
    coordinator.start()
    terminal.enter("2")
    terminal.enter("1")
    terminal.closeInput()
    #expect(
      terminal.transcript == """
        == Main ==
        What would you like to do?

          1. Camera
          2. About
        Type a number (1-2), quit or help.
        > 2

        == Main › About ==
        About this app.

          1. Back
        Type 1, back, quit or help.
        > 1

        == Main ==
        What would you like to do?

          1. Camera
          2. About
        Type a number (1-2), quit or help.

        """)
    #expect(terminal.exitReason == .endOfInput)
    #expect(coordinator.children.isEmpty)
  }
}
