import MainFlow
import Navigation
import TerminalUI

// Runs the Main flow alone, with a made-up recognition service that draws a moving gradient
// and reports one face. Full screen on a terminal; line mode when piped:
//   swift run --package-path Packages/MainFlow MainFlowDemo
let router = TerminalRouter(appName: "MainFlow demo")
let app: TerminalApp
do {
  app = try TerminalApp(router: router)
} catch {
  SystemTerminal.printError("MainFlowDemo: \(error)")
  SystemTerminal.exitProcess(status: 1)
}
let factory = MainFlowFactory(service: SyntheticRecognitionService(), scheduler: app)
let flow = factory.makeCoordinator(router: router)
flow.onRequest = { [weak router] request in
  switch request {
  case .open(let link): router?.showMessage("The app would open \(link) here.")
  case .quit: router?.quit()
  }
}
flow.onFinish = { [weak router] _ in router?.quit() }
router.onDeepLink = { [weak flow, weak router] text in
  do throws(DeepLinkError) {
    let link = try DeepLink(parsing: text)
    if flow?.start(with: link) != true {
      router?.showMessage(DeepLinkError.unhandled(link).description, kind: .error)
    }
  } catch {
    router?.showMessage(error.description, kind: .error)
  }
}
flow.start()
do {
  SystemTerminal.exitProcess(for: try app.run())
} catch {
  SystemTerminal.printError("MainFlowDemo: \(error)")
  SystemTerminal.exitProcess(status: 1)
}
