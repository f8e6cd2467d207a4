import Testing

@testable import AboutAppFlow

@MainActor
@Suite("About presenters")
struct AboutAppPresenterTests {
  final class FakeAboutView: AboutAppViewInput {
    var shown: [(summary: String, facts: [String])] = []
    func show(summary: String, facts: [(label: String, value: String)]) {
      shown.append((summary, facts.map { "\($0.label): \($0.value)" }))
    }
  }

  final class FakeDocumentView: DocumentViewInput {
    var titles: [String] = []
    var paragraphs: [String] = []
    var actions: [[DocumentAction]] = []
    func show(title: String, paragraphs: [String], actions: [DocumentAction]) {
      titles.append(title)
      self.paragraphs = paragraphs
      self.actions.append(actions)
    }
  }

  final class Output: AboutAppModuleOutput, DocumentModuleOutput {
    var events: [String] = []
    func aboutAppDidSelectDocuments() { events.append("documents") }
    func aboutAppDidSelectBack() { events.append("back") }
    func document(_ document: Document, didChoose action: DocumentAction) {
      events.append("\(document) \(action)")
    }
  }

  final class FakeDocumentPresenter: DocumentViewOutput {
    var chosen: [DocumentAction] = []
    func viewDidLoad() {}
    func didChoose(_ action: DocumentAction) { chosen.append(action) }
  }

  @Test func aboutShowsTheVersionFirstAndTheFactsReadEachTime() {
    var reads = 0
    let presenter = AboutAppPresenter(name: "Emotions", version: "9.9") {
      reads += 1
      return [("Model", "m\(reads)")]
    }
    let view = FakeAboutView()
    let output = Output()
    presenter.view = view
    presenter.output = output
    presenter.viewDidLoad()
    presenter.refresh()
    #expect(view.shown.map(\.facts) == [["Version: 9.9", "Model: m1"], ["Version: 9.9", "Model: m2"]])
    presenter.didSelectDocuments()
    presenter.didSelectBack()
    #expect(output.events == ["documents", "back"])
  }

  @Test func documentsReportOnlyTheButtonsTheyShow() {
    let presenter = DocumentPresenter(document: .termsOfUse, stateLocation: "/tmp/x/state.json")
    let view = FakeDocumentView()
    let output = Output()
    presenter.view = view
    presenter.output = output
    presenter.setActions([.back, .next])
    presenter.viewDidLoad()
    #expect(view.titles == ["Terms of Use", "Terms of Use"])
    #expect(view.actions.last == [.back, .next])
    presenter.didChoose(.accept)
    presenter.didChoose(.next)
    #expect(output.events == ["termsOfUse next"])
  }

  @Test func thePrivacyPolicyNamesTheRealStateFile() {
    let presenter = DocumentPresenter(document: .privacyPolicy, stateLocation: "/tmp/x/state.json")
    let view = FakeDocumentView()
    presenter.view = view
    presenter.setActions([.back])
    #expect(view.titles == ["Privacy Policy"])
    #expect(view.paragraphs.contains { $0.contains("/tmp/x/state.json") })
    #expect(view.paragraphs.first?.hasPrefix("Nothing leaves your machine.") == true)
  }

  @Test func presentersHoldTheirViewWeakly() {
    let presenter = DocumentPresenter(document: .termsOfUse, stateLocation: "")
    do {
      let view = FakeDocumentView()
      presenter.view = view
    }
    #expect(presenter.view == nil)
  }

  /// Enter presses the focused button: on every page of the consent and of browsing it is the
  /// one that goes on (Next, then Accept), never Back.
  @Test(arguments: [
    [DocumentAction.next, .decline], [.back, .accept, .decline], [.back, .next, .decline], [.next, .back],
    [.back],
  ])
  func enterPressesThePrimaryAction(actions: [DocumentAction]) {
    let presenter = FakeDocumentPresenter()
    let page = DocumentView(output: presenter)
    page.show(title: "T", paragraphs: ["p"], actions: actions)
    #expect(page.handle(.enter))
    let expected = actions.contains(.accept) ? DocumentAction.accept : actions.contains(.next) ? .next : .back
    #expect(presenter.chosen == [expected], "\(actions)")
  }

  @Test func theTermsNameEachModelsLicence() {
    let text = Document.termsOfUse.paragraphs(stateLocation: "").joined(separator: " ")
    for licence in ["MIT", "BlazeFace face detector Apache 2.0", "Haar cascade the Intel licence"] {
      #expect(text.contains(licence), "\(licence)")
    }
  }
}
