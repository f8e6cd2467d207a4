import AboutAppFlow
import Navigation
import TerminalUI

// Runs the About flow alone, with made-up facts, over a small host screen.
// Full screen on a terminal; line mode when piped:
//   swift run --package-path Packages/AboutAppFlow AboutAppFlowDemo
let router = TerminalRouter(appName: "AboutAppFlow demo")
let app = TerminalApp.openOrExit(router: router, program: "AboutAppFlowDemo")
let environment = FlowEnvironment(
  host: HostApplication(name: "Demo", version: "demo", stateLocation: "/tmp/emotions-demo/state.json") {
    [("Model", "a fake model, 7 classes, 58,423 parameters"), ("BLAS", "none (demo)")]
  })
let host = DemoHostCoordinator(router: router, factory: AboutAppFlowFactory(environment: environment))
router.openDeepLinks(scheme: DemoHostCoordinator.scheme, in: host)
host.start()
app.runAndExit(program: "AboutAppFlowDemo")
