import FaceAnalysis
import Foundation
import TerminalUI
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

  final class FakeVisionView: VisionViewInput {
    var statuses: [String] = []
    var faces: [[String]] = []
    var scores: [[String]] = []
    var errors: [String] = []
    func showStatus(_ status: String) { statuses.append(status) }
    func show(
      image: TerminalUI.RGBImage?, status: String, faces: [String], scores: [(label: String, value: Double)]
    ) {
      statuses.append(status)
      self.faces.append(faces)
      self.scores.append(scores.map { "\($0.label) \($0.value)" })
    }
    func showError(_ message: String) { errors.append(message) }
  }

  @Test func mainShowsTheMenuAndReportsChoices() {
    let presenter = MainPresenter()
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

  @Test func visionShowsEachFrameAndASummary() throws {
    let loop = VirtualTerminal(router: TerminalRouter(), size: Size(width: 80, height: 24), mode: .line)
    let service = FakeRecognitionService(frameCount: 2)
    let presenter = VisionPresenter(source: "clip.mp4", service: service, scheduler: loop.app)
    let view = FakeVisionView()
    presenter.view = view
    presenter.viewDidLoad()
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline, view.statuses.last?.contains("finished") != true {
      Thread.sleep(forTimeInterval: 0.01)
      loop.runPostedJobs()
    }
    #expect(view.statuses.first == "Opening clip.mp4…")
    #expect(view.statuses.last == "fake clip.mp4 · finished · 2 frames, 2 faces, happy 100%, 0 ms a frame")
    #expect(view.faces.allSatisfy { $0 == ["1,0 2x2  happy 75%"] })
    #expect(view.scores.last?.first == "angry 0.0")
    #expect(view.scores.last?[3] == "happy 0.75")
  }
}
