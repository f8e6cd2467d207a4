import Navigation
import TerminalUI

// The TerminalUI demo: full screen on a terminal, line mode when piped.
let router = TerminalRouter(appName: "TerminalUI demo")
let app: TerminalApp
do {
  app = try TerminalApp(router: router)
} catch {
  SystemTerminal.printError("TerminalUIDemo: \(error)")
  SystemTerminal.exitProcess(status: 1)
}
let coordinator = DemoCoordinator(
  router: router, scheduler: app, offersCrash: app.device.environment["TERMINALUI_DEMO_CRASH"] == "1")
router.onDeepLink = { [weak coordinator, weak router] text in
  guard let coordinator, let router else { return }
  do throws(DeepLinkError) {
    let link = try DeepLink(parsing: text)
    if !coordinator.start(with: link) {
      router.showMessage(DeepLinkError.unhandled(link).description, kind: .error)
    }
  } catch {
    router.showMessage(error.description, kind: .error)
  }
}
coordinator.start()
do {
  let reason = try app.run()
  SystemTerminal.exitProcess(for: reason)
} catch {
  SystemTerminal.printError("TerminalUIDemo: \(error)")
  SystemTerminal.exitProcess(status: 1)
}
