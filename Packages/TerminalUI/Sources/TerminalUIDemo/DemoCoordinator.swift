import Navigation
import TerminalUI

/// A tiny coordinator that shows every widget and a push / modal / back sequence.
@MainActor
final class DemoCoordinator: BaseCoordinator<Void> {
  private let router: TerminalRouter
  private let scheduler: any LoopScheduling
  private var progressTimer: ScheduledTimer?
  private let offersCrash: Bool

  /// - Parameter offersCrash: adds a menu item that crashes the demo, so the tests can check
  ///   that a crash restores the terminal too (`TERMINALUI_DEMO_CRASH=1`).
  init(router: TerminalRouter, scheduler: any LoopScheduling, offersCrash: Bool = false) {
    self.router = router
    self.scheduler = scheduler
    self.offersCrash = offersCrash
  }

  override func start() {
    router.setRoot(makeMenu(), route: DemoRoutes.menu, owner: self)
  }

  override func start(with link: DeepLink) -> Bool {
    let routes: [String: () -> Void] = [
      "menu": { [weak self] in self?.router.popToRoot() },
      "document": { [weak self] in self?.showDocument() },
      "widgets": { [weak self] in self?.showWidgets() },
      "prompt": { [weak self] in self?.showPrompt() },
      "confirm": { [weak self] in self?.showConfirm() },
    ]
    guard let first = link.path.first, let open = routes[first] else { return super.start(with: link) }
    if router.stack.isEmpty { start() } else { router.popToRoot() }
    open()
    return true
  }

  // MARK: - Screens

  private func makeMenu() -> MenuScreen {
    let menu = MenuScreen(
      title: "Menu",
      text: "TerminalUI shows Navigation's route stack on a terminal. Pick a screen; Esc goes back.",
      items: [
        ScreenAction("Document", detail: "a scrollable text page with buttons") { [weak self] in
          self?.showDocument()
        },
        ScreenAction("Widgets", detail: "progress, bar chart, image") { [weak self] in self?.showWidgets() },
        ScreenAction("Prompt", detail: "text entry with live validation") { [weak self] in self?.showPrompt()
        },
        ScreenAction("Background job", detail: "work on another thread, result on the loop") { [weak self] in
          self?.runBackgroundJob()
        },
        ScreenAction("Quit…", detail: "a confirmation dialog, shown modally") { [weak self] in
          self?.showConfirm()
        },
      ])
    if offersCrash {
      menu.items.append(
        ScreenAction("Crash", detail: "stops with a fatal error") { fatalError("Simulated crash") })
    }
    return menu
  }

  private func showDocument() {
    let text = """
      Terms of the demo

      This page is a TextPageScreen: the text is wrapped to the width of the terminal and \
      scrolls with the arrow keys, j and k, Space and the page keys. Wide characters such as \
      日本語 and emoji like 🙂 keep their columns, and combining marks (e\u{301}) stay on their letter.

      The buttons below report what the user chose to the screen's owner; here the demo \
      coordinator pushes another screen or goes back. In line mode the whole text is printed \
      and the buttons become numbered choices.

      \((1...12).map { "Paragraph \($0): the quick brown fox jumps over the lazy dog." }.joined(separator: "\n"))
      """
    let page = TextPageScreen(
      title: "Document", text: text,
      buttons: [
        ScreenAction("Back", key: "b") { [weak self] in self?.router.goBack() },
        ScreenAction("Details", key: "d") { [weak self] in self?.showDetails() },
      ])
    router.push(page, route: DemoRoutes.document, owner: self)
  }

  private func showDetails() {
    let details = DialogScreen(
      title: "Details", message: "A modal dialog over the document. Esc or OK closes it.",
      buttons: [ScreenAction("OK", key: "o") { [weak self] in self?.router.dismiss() }])
    router.present(details, route: DemoRoutes.details, owner: self)
  }

  private func showWidgets() {
    let scores: [(String, Double)] = [
      ("angry", 0.03), ("disgust", 0.01), ("fear", 0.05), ("happy", 0.71), ("sad", 0.04), ("surprise", 0.09),
      ("neutral", 0.07),
    ]
    let panel = PanelScreen(
      title: "Widgets",
      widgets: [
        ProgressBar(fraction: 0, label: "Analysing"),
        TextBlock(""),
        BarChart(scores.map { BarChart.Entry($0.0, $0.1) }),
        TextBlock(""),
        ImageView(
          image: DemoImage.face(),
          boxes: [ImageView.Box(x: 19, y: 7, width: 58, height: 58, label: "happy 71%")]),
      ],
      buttons: [ScreenAction("Restart", key: "r") { [weak self] in self?.restartProgress() }])
    router.push(panel, route: DemoRoutes.widgets, owner: self)
    restartProgress()
  }

  private func restartProgress() {
    progressTimer?.cancel()
    var fraction = 0.0
    progressTimer = scheduler.schedule(after: .milliseconds(100), repeating: .milliseconds(100)) {
      [weak self] in
      guard let self, let panel = router.stack.top?.screen as? PanelScreen else {
        self?.progressTimer?.cancel()
        return
      }
      fraction = min(1, fraction + 0.05)
      panel.widgets[0] = ProgressBar(fraction: fraction, label: fraction < 1 ? "Analysing" : "Done")
      if fraction >= 1 { progressTimer?.cancel() }
    }
  }

  private func showPrompt() {
    let prompt = PromptScreen(
      title: "Prompt", message: "Type a file name ending in .jpg, .png or .mp4:", placeholder: "photo.jpg",
      validate: { text in
        if text.isEmpty { return "Type a name." }
        if text.contains(" ") { return "No spaces, please." }
        let allowed = [".jpg", ".png", ".mp4"]
        return allowed.contains { text.hasSuffix($0) } ? nil : "The name must end in .jpg, .png or .mp4."
      },
      onSubmit: { [weak self] text in
        self?.router.goBack()
        self?.router.showMessage("You chose \(text).")
      })
    router.push(prompt, route: DemoRoutes.prompt, owner: self)
  }

  private func runBackgroundJob() {
    router.showMessage("Counting primes on another thread…")
    let poster = scheduler.poster
    Task.detached {
      let count = (2..<20_000).filter { n in !(2..<n).contains { d in d * d <= n && n % d == 0 } }.count
      poster.post { [weak self] in self?.router.showMessage("There are \(count) primes below 20000.") }
    }
  }

  private func showConfirm() {
    let confirm = DialogScreen.confirm(
      title: "Quit", message: "Leave the TerminalUI demo?", confirm: "Quit", cancel: "Stay"
    ) { [weak self] quit in
      guard let self else { return }
      if quit { router.quit() } else { router.dismiss() }
    }
    router.present(confirm, route: DemoRoutes.confirm, owner: self)
  }
}
