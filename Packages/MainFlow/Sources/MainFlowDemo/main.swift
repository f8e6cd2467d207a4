import FaceAnalysisInterface
import FaceAnalysisTesting
import MainFlow
import Navigation
import TerminalUI

// Runs the Main flow alone, with a made-up recognition service that draws a moving gradient
// and reports one face. Full screen on a terminal; line mode when piped:
//   swift run --package-path Packages/MainFlow MainFlowDemo
let router = TerminalRouter(appName: "MainFlow demo")
let app = TerminalApp.openOrExit(router: router, program: "MainFlowDemo")
var environment = FlowEnvironment(host: HostApplication(name: "MainFlow demo", version: "demo"))
environment.provide(FakeRecognitionService(script: FakeScript.synthetic) as any RecognitionService)
environment.provide(app as any LoopScheduling)
let flow = MainFlowFactory(environment: environment).makeCoordinator(router: router)
flow.onRequest = { [weak router] request in
  switch request {
  case .open(let link): router?.showMessage("The app would open \(link) here.")
  case .quit: router?.quit()
  }
}
flow.onFinish = { [weak router] _ in router?.quit() }
router.openDeepLinks(scheme: DeepLinkScheme("mainflow-demo"), in: flow)
flow.start()
app.runAndExit(program: "MainFlowDemo")
