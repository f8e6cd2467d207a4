import AboutAppFlow
import Navigation
import TerminalUI

// Runs the About flow alone, with made-up facts, over a small host screen.
// Full screen on a terminal; line mode when piped:
//   swift run --package-path Packages/AboutAppFlow AboutAppFlowDemo
let router = TerminalRouter(appName: "AboutAppFlow demo")
let app: TerminalApp
do {
  app = try TerminalApp(router: router)
} catch {
  SystemTerminal.printError("AboutAppFlowDemo: \(error)")
  SystemTerminal.exitProcess(status: 1)
}
let factory = AboutAppFlowFactory(version: "demo", stateLocation: "/tmp/emotions-demo/state.json") {
  [("Model", "a fake model, 7 classes, 58,423 parameters"), ("BLAS", "none (demo)")]
}
let host = DemoHostCoordinator(router: router, factory: factory)
router.onDeepLink = { [weak host, weak router] text in
  do throws(DeepLinkError) {
    let link = try DeepLink(parsing: text)
    if host?.start(with: link) != true {
      router?.showMessage(DeepLinkError.unhandled(link).description, kind: .error)
    }
  } catch {
    router?.showMessage(error.description, kind: .error)
  }
}
host.start()
do {
  SystemTerminal.exitProcess(for: try app.run())
} catch {
  SystemTerminal.printError("AboutAppFlowDemo: \(error)")
  SystemTerminal.exitProcess(status: 1)
}
