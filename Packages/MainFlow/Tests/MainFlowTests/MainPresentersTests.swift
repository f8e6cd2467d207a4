import FaceAnalysisInterface
import FaceAnalysisTesting
import Foundation
import TerminalUI
import TerminalUITesting
import Testing

@testable import MainFlow

@MainActor
@Suite("Main presenters")
struct MainPresentersTests {
  final class Output: MainModuleOutput, SourcePickerModuleOutput, VisionModuleOutput {
    var events: [String] = []
    func mainDidSelectVision() { events.append("vision") }
    func mainDidSelectAbout() { events.append("about") }
    func mainDidSelectQuit() { events.append("quit") }
    func sourcePicker(didChoose source: String) { events.append("source \(source)") }
    func visionDidRequestSource() { events.append("picker") }
    func visionDidLoseSource(_ message: String) { events.append("lost \(message)") }
  }

  final class FakeMainView: MainViewInput {
    var shown: [(summary: [String], items: [MainMenuItem], note: String?)] = []
    func show(summary: [String], items: [MainMenuItem], note: String?) {
      shown.append((summary, items, note))
    }
  }

  final class FakePickerView: SourcePickerViewInput {
    var text = ""
    func show(message: String, text: String) { self.text = text }
  }

  @Test func mainShowsTheMenuAndReportsChoices() {
    let presenter = MainPresenter(items: MainMenuItem.allCases)
    let view = FakeMainView()
    let output = Output()
    presenter.view = view
    presenter.output = output
    presenter.viewDidLoad()
    presenter.showNote("Last: clip.mp4")
    #expect(view.shown.map(\.items) == [[.vision, .about, .quit], [.vision, .about, .quit]])
    #expect(view.shown.last?.note == "Last: clip.mp4")
    for item in MainMenuItem.allCases { presenter.didSelect(item) }
    #expect(output.events == ["vision", "about", "quit"])
  }

  @Test func thePickerChecksAndTrimsWhatIsTyped() {
    let presenter = SourcePickerPresenter(service: FakeRecognitionService())
    let view = FakePickerView()
    let output = Output()
    presenter.view = view
    presenter.output = output
    presenter.suggest("last.mp4")
    #expect(view.text == "last.mp4")
    #expect(presenter.validate("missing.png") == "no such file: missing.png")
    presenter.didSubmit("missing.png")
    presenter.didSubmit("  ok.png ")
    #expect(output.events == ["source ok.png"])
  }

  final class FakeVisionView: VisionViewInput {
    var models: [VisionViewModel] = []
    var reports: [String] = []
    func show(_ model: VisionViewModel) { models.append(model) }
    func report(_ line: String) { reports.append(line) }
  }

  @Test func visionShowsEachFrameAndASummary() throws {
    let loop = VirtualTerminal(router: TerminalRouter(), size: Size(width: 80, height: 24), mode: .line)
    let root = ScreenOwner()
    loop.router.setRoot(LabelScreen(), route: MainRoutes.main, owner: root)
    let service = FakeRecognitionService { FakeScript(name: $0, frames: 2) }
    let presenter = VisionPresenter(source: "clip.mp4", service: service, scheduler: loop.app)
    let view = FakeVisionView()
    let output = Output()
    presenter.view = view
    presenter.output = output
    presenter.viewDidLoad()
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, view.reports.last?.hasPrefix("summary") != true {
      Thread.sleep(forTimeInterval: 0.005)
      loop.runPostedJobs()
    }
    #expect(view.models.first?.status == "Opening clip.mp4…")
    #expect(
      view.reports == [
        "detector: Haar cascade",
        "frame 0 (0.00 s): 1 face: happy 75% at 1,0 2x2", "frame 1 (0.10 s): 1 face: happy 75% at 1,0 2x2",
        "summary: 2 frames, 2 faces, happy 100%, 0 ms a frame",
      ])
    let shown = try #require(view.models.first { $0.image != nil })
    #expect(shown.faces == ["happy 75% at 1,0 2x2"])
    #expect(
      shown.boxes == [
        ImageView.Box(x: 1, y: 0, width: 2, height: 2, label: "happy 75%", color: .rgb(230, 159, 0))
      ])
    #expect(shown.scoreTitle == "Largest face: happy 75%")
    #expect(shown.scores.map(\.label) == ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"])
    #expect(shown.scores[3].value == 0.75)
    #expect(shown.canPause && shown.canSave && !shown.isPaused)
    let last = try #require(view.models.last)
    #expect(last.status == "finished · 2 frames, 2 faces, happy 100%, 0 ms a frame")
    #expect(!last.canPause)
    presenter.didRequestSource()
    #expect(output.events == ["picker"])
  }
}
