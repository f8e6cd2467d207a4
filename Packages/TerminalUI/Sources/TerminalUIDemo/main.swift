import Navigation
import TerminalUI

// The TerminalUI demo: full screen on a terminal, line mode when piped.
let router = TerminalRouter(appName: "TerminalUI demo")
let app = TerminalApp.openOrExit(router: router, program: "TerminalUIDemo")
let coordinator = DemoCoordinator(
  router: router, scheduler: app, offersCrash: app.device.environment["TERMINALUI_DEMO_CRASH"] == "1")
router.openDeepLinks(scheme: DeepLinkScheme("terminalui-demo"), in: coordinator)
coordinator.start()
app.runAndExit(program: "TerminalUIDemo")
