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
}
