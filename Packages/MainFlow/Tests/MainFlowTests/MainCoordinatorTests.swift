import FaceAnalysisInterface
import FaceAnalysisTesting
import Foundation
import Navigation
import NavigationTesting
import TerminalUI
import TerminalUITesting
import Testing

@testable import MainFlow

@MainActor
@Suite("Main coordinator")
struct MainCoordinatorTests {
  let router = TestRouter()
  let leaks = LeakTracker()
  let loop = VirtualTerminal(router: TerminalRouter(), size: Size(width: 80, height: 24), mode: .line)
  let service = FakeRecognitionService()
  let loopOwner = ScreenOwner()
  var chosen: [String] = []

  init() {
    // The loop runs the worker's jobs only while its own stack has a screen.
    loop.router.setRoot(LabelScreen(), route: MainRoutes.main, owner: loopOwner)
  }

  let storage = MemoryFlowStorage()

  func makeFactory(otherFlowsOpen: Set<String> = ["about"]) -> MainFlowFactory {
    MainFlowFactory(
      environment: .testing(
        service: service, scheduler: loop.app, storage: storage, otherFlowsOpen: otherFlowsOpen))
  }

  func makeFlow() throws -> MainCoordinator {
    let flow = try #require(makeFactory().makeCoordinator(router: router) as? MainCoordinator)
    leaks.track(flow)
    return flow
  }

  func trackStack() {
    for entry in router.stack.entries { leaks.track(entry.screen, entry.route.screen) }
  }

  /// Waits for the worker thread's frames to reach the loop, then runs them.
  func settle() {
    let deadline = Date().addingTimeInterval(5)
    repeat {
      Thread.sleep(forTimeInterval: 0.01)
      loop.runPostedJobs()
    } while Date() < deadline && !service.sessions.isEmpty
      && (router.top(as: VisionView.self)?.status.contains("finished") == false)
  }

  @Test func version01sLastSourceIsDeclaredForTheAppToReadIntoTheFlowsKey() {
    // Version 0.1 wrote {"lastSource": "clip.mp4"} at the top; the flow keeps it as main.lastSource.
    #expect(
      MainFlowFactory.legacyStateEntries == [.flowValue(legacyKey: "lastSource", key: "main.lastSource")])
  }

  @Test func theUserGoesThroughEveryScreenAndBack() throws {
    var requests: [FlowRequest] = []
    var results: [String] = []
    do {
      let flow = try makeFlow()
      flow.onRequest = { requests.append($0) }
      flow.onFinish = { results.append("\($0)") }
      flow.start()
      #expect(router.screenNames == ["Main"])
      let main = try #require(router.top(as: MainView.self))
      #expect(main.items.map(\.title) == ["Recognize emotions", "About this app", "Quit"])

      main.output.didSelect(.vision)
      #expect(router.screenNames == ["Main", "SourcePicker"])
      #expect(router.stack.top?.style == .modal)
      let picker = try #require(router.top(as: SourcePickerView.self))
      #expect(picker.output.validate("missing.mp4") == "no such file: missing.mp4")
      #expect(picker.output.validate("   ") != nil)
      picker.output.didSubmit("missing.mp4")
      #expect(router.screenNames == ["Main", "SourcePicker"], "an invalid source goes nowhere")
      router.goBack()
      #expect(router.screenNames == ["Main"])
      #expect(flow.children.isEmpty, "the Vision section ended with nothing run")
      #expect(main.text.contains("Last run") == false)

      main.output.didSelect(.vision)
      #expect(flow.children.count == 1, "the Vision section runs as a child coordinator")
      if let section = flow.children.first { leaks.track(section, "VisionCoordinator") }
      try #require(router.top(as: SourcePickerView.self)).output.didSubmit(" clip.mp4 ")
      #expect(router.screenNames == ["Main", "Vision"])
      #expect(router.stack.deepLink?.description == "vision?source=clip.mp4")
      #expect(storage.value(forKey: "main.lastSource") == "clip.mp4")
      trackStack()
      settle()
      let vision = try #require(router.top(as: VisionView.self))
      #expect(vision.status == "finished · 3 frames, 3 faces, happy 100%, 0 ms a frame")

      // Esc on Vision goes back to the picker, with the source suggested; Esc there to Main.
      #expect(vision.handle(.escape))
      #expect(router.screenNames == ["Main", "SourcePicker"])
      #expect(router.stack.top?.style == .modal)
      trackStack()
      #expect(try #require(router.top(as: SourcePickerView.self)).text == "clip.mp4")
      #expect(flow.children.count == 1, "the same section, on its picker again")
      router.goBack()
      #expect(router.screenNames == ["Main"])
      #expect(flow.children.isEmpty)
      // The section's result, its last run, is noted on Main.
      #expect(main.text.hasSuffix("Last run: clip.mp4, 3 frames, 3 faces, mostly happy."))

      main.output.didSelect(.about)
      #expect(requests == [.open(try link("emotions://about"))])
      main.output.didSelect(.quit)
      #expect(results == ["completed()"])
      router.close(flow)
    }
    #expect(router.stack.isEmpty)
    #expect(leaks.count > 3)
    #expect(leaks.alive.isEmpty)
  }

  @Test(
    "links build the flow's stack",
    arguments: [
      ("emotions://main", ["Main"], "main"),
      ("emotions://vision?source=a.png", ["Main", "Vision"], "vision?source=a.png"),
      ("emotions://vision", ["Main", "SourcePicker"], "picker"),
      ("emotions://picker", ["Main", "SourcePicker"], "picker"),
      ("emotions://picker?source=a.png", ["Main", "SourcePicker"], "picker"),
      (
        "emotions://vision/picker?source=a%20b.png", ["Main", "Vision", "SourcePicker"],
        "vision/picker?source=a%20b.png"
      ),
    ])
  func links(link: String, stack: [String], writtenBack: String) throws {
    let flow = try makeFlow()
    flow.start()
    let parsed = try scheme.parse(link)
    #expect(makeFactory().canOpen(parsed))
    #expect(flow.start(with: parsed))
    #expect(router.screenNames == stack)
    #expect(router.stack.deepLink?.description == writtenBack)
    // Opening the written link from this stack gives the same stack.
    #expect(flow.start(with: try scheme.parse(linkOrPath: writtenBack)))
    #expect(router.screenNames == stack)
    router.close(flow)
  }

  @Test func aLostCameraGoesBackToThePickerSayingWhy() throws {
    let camera = FakeRecognitionService { name in
      FakeScript(
        name: name, frames: 100, playback: .live(framesPerSecond: 100, isCamera: true),
        failure: (after: 2, message: "/dev/video0: no such device"))
    }
    do {
      let flow = try #require(
        MainFlowFactory(environment: .testing(service: camera, scheduler: loop.app)).makeCoordinator(
          router: router)
          as? MainCoordinator)
      leaks.track(flow)
      flow.start()
      #expect(flow.start(with: try link("emotions://vision?source=/dev/video0")))
      #expect(router.screenNames == ["Main", "Vision"])
      trackStack()
      let deadline = Date().addingTimeInterval(10)
      while router.screenNames != ["Main", "SourcePicker"], Date() < deadline {
        Thread.sleep(forTimeInterval: 0.005)
        loop.runPostedJobs()
      }
      #expect(router.screenNames == ["Main", "SourcePicker"])
      let picker = try #require(router.top(as: SourcePickerView.self))
      #expect(
        picker.message.hasPrefix("The camera went away: /dev/video0: no such device. Choose another source."))
      #expect(picker.text == "/dev/video0")
      router.close(flow)
    }
    #expect(leaks.alive.isEmpty)
  }

  @Test(arguments: ["emotions://about", "emotions://vision/picker", "emotions://main/x"])
  func refusesOtherLinks(text: String) throws {
    #expect(!makeFactory().canOpen(try link(text)))
  }

  @Test func aboutIsOfferedOnlyWhenSomeFlowOpensIt() throws {
    let flow = try makeFactory(otherFlowsOpen: []).makeCoordinator(router: router)
    flow.start()
    let main = try #require(router.top(as: MainView.self))
    #expect(main.items.map(\.title) == ["Recognize emotions", "Quit"])
    router.close(flow)
  }

  @Test(
    "a Vision screen is restored as the picker suggesting its source",
    arguments: [
      ("emotions://vision?source=/dev/video0", "picker?source=%2Fdev%2Fvideo0"),
      ("emotions://vision/picker?source=a.mp4", "picker?source=a.mp4"),
      ("emotions://picker?source=a.mp4", "picker?source=a.mp4"),
      ("emotions://main", "main"),
    ])
  func restoresVisionAsThePicker(saved: String, restored: String) throws {
    #expect(makeFactory().restorableLink(for: try link(saved))?.description == restored)
  }

  @Test(
    "Esc at any depth of the Vision section ends it and releases it",
    arguments: [
      "emotions://picker", "emotions://vision?source=clip.mp4", "emotions://vision/picker?source=clip.mp4",
    ])
  func escAtAnyDepthEndsTheSection(start: String) throws {
    var notes: [String] = []
    do {
      let flow = try makeFlow()
      flow.start()
      #expect(flow.start(with: try link(start)))
      trackStack()
      let section = try #require(flow.children.first)
      leaks.track(section, "VisionCoordinator")
      // Esc on Vision asks for another source (the picker); Esc on a picker closes it.
      if let vision = router.top(as: VisionView.self) {
        #expect(vision.handle(.escape))
        #expect(router.screenNames == ["Main", "SourcePicker"])
      }
      while router.screenNames != ["Main"], router.goBack() {}
      #expect(flow.children.isEmpty)
      notes.append(try #require(router.top(as: MainView.self)).text)
      router.close(flow)
    }
    #expect(leaks.alive.isEmpty)
    let ranVision = start.contains("source=")
    #expect(notes.first?.contains("Last run: clip.mp4") == ranVision, "\(notes)")
  }
}

/// A screen that keeps a loop running.
@MainActor
final class LabelScreen: Screen {
  let title = "Loop"
  func draw(into canvas: inout Canvas) {}
}
