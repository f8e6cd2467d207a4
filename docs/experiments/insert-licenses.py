"""Experiment 2 of docs/navigation-change.md: insert a Licences document between the terms of
use and the privacy policy, in a throwaway copy of the repository.

    git worktree add -b experiment/insert-document /tmp/insert main
    python3 docs/experiments/insert-licenses.py /tmp/insert
    (cd /tmp/insert && git add -A && git commit -m experiment && git diff --stat main...HEAD)
    (cd /tmp/insert && swift test --package-path Packages/AboutAppFlow && swift test)
    git worktree remove --force /tmp/insert && git branch -D experiment/insert-document

The App tests need the git-ignored Models/ and Fixtures/ (copy them in, or run Tools/setup).
"""
import re, sys
from pathlib import Path
root = Path(sys.argv[1])
flow = root / "Packages/AboutAppFlow/Sources/AboutAppFlow"

def edit(path, pairs):
    p = root / path if not str(path).startswith("/") else Path(path)
    s = p.read_text()
    for a, b in pairs:
        assert a in s, (path, a)
        s = s.replace(a, b, 1)
    p.write_text(s)

# 1. The module: the four parts, copied from TermsOfUse, with its own text.
(flow / "Licenses").mkdir()
for part in ("View", "Presenter", "ModuleOutput", "Configurator"):
    text = (flow / f"TermsOfUse/TermsOfUse{part}.swift").read_text()
    text = text.replace("TermsOfUse", "Licenses").replace("termsOfUse", "licenses").replace("terms of use", "licences")
    (flow / f"Licenses/Licenses{part}.swift").write_text(text)
p = flow / "Licenses/LicensesPresenter.swift"
s = p.read_text()
start = s.index('  static let title = "Terms of Use"')
end = s.index("  func viewDidLoad()", start)
s = s[:start] + '''  static let title = "Licences"

  static let paragraphs = [
    "Emotions is free software. It stands on other free software, each under its own licence:",
    "The emotion model (mini-Xception, trained on FER2013) comes from the fer package, MIT licence. "
      + "The face detector's cascade, haarcascade_frontalface_default.xml, is OpenCV's, under the "
      + "Intel licence written at the top of the file.",
    "OpenBLAS (BSD 3-clause), HDF5 (BSD-style), libjpeg-turbo (IJG and BSD), libpng (libpng licence) "
      + "and, for video, FFmpeg (LGPL 2.1 or later, run as a separate program).",
  ]

''' + s[end:]
p.write_text(s)

# 2. The flow: the route, the document, the order, and the coordinator's wiring.
edit(flow / "Flow/AboutAppRoutes.swift", [(
    '''  /// The privacy policy.''',
    '''  /// The licences of the software and the model the app uses.
  static let licenses = Route(screen: "Licenses", segment: "licenses")
  /// The privacy policy.''')])
edit(flow / "Flow/Document.swift", [
    ("  case termsOfUse\n", "  case termsOfUse\n  /// The Licenses module.\n  case licenses\n"),
    ("    case .termsOfUse: AboutAppRoutes.termsOfUse\n",
     "    case .termsOfUse: AboutAppRoutes.termsOfUse\n    case .licenses: AboutAppRoutes.licenses\n")])
edit(flow / "Flow/AboutAppCoordinator.swift", [
    ("[.termsOfUse, .privacyPolicy]", "[.termsOfUse, .licenses, .privacyPolicy]"),
    ('''    case .privacyPolicy:
      let module = PrivacyPolicyConfigurator''', '''    case .licenses:
      let module = LicensesConfigurator.make(output: self)
      module.input.setActions(actions)
      screen = module.screen
    case .privacyPolicy:
      let module = PrivacyPolicyConfigurator'''),
    ('''extension AboutAppCoordinator: PrivacyPolicyModuleOutput {''', '''extension AboutAppCoordinator: LicensesModuleOutput {
  func licenses(didChoose action: DocumentAction) { handle(action, on: .licenses) }
}

extension AboutAppCoordinator: PrivacyPolicyModuleOutput {''')])

# 3. The flow's tests: the pinned order, the new screen type, and walks that assumed two documents.
tests = root / "Packages/AboutAppFlow/Tests/AboutAppFlowTests"
edit(tests / "AboutAppCoordinatorTests.swift", [
    ('@Test("the reading order: terms, then privacy")', '@Test("the reading order: terms, licences, then privacy")'),
    ("#expect(AboutAppCoordinator.documentOrder == [.termsOfUse, .privacyPolicy])",
     "#expect(AboutAppCoordinator.documentOrder == [.termsOfUse, .licenses, .privacyPolicy])"),
    ("    case let view as TermsOfUseView: view.output.didChoose(action)\n",
     "    case let view as TermsOfUseView: view.output.didChoose(action)\n    case let view as LicensesView: view.output.didChoose(action)\n"),
    ("    case let view as TermsOfUseView: view.actions\n",
     "    case let view as TermsOfUseView: view.actions\n    case let view as LicensesView: view.actions\n"),
    ('''      choose(.next)
      trackTop()
      #expect(router.screenNames == ["Main", "AboutApp"] + order)
      choose(.next)
      #expect(router.screenNames == ["Main", "AboutApp"] + order, "no Next after the last document")

      choose(.back)
      #expect(router.screenNames == ["Main", "AboutApp", order[0]])
      router.goBack()''', '''      for count in 2...order.count {
        choose(.next)
        trackTop()
        #expect(router.screenNames == ["Main", "AboutApp"] + order.prefix(count))
      }
      choose(.next)
      #expect(router.screenNames == ["Main", "AboutApp"] + order, "no Next after the last document")

      for count in (1..<order.count).reversed() {
        choose(.back)
        #expect(router.screenNames == ["Main", "AboutApp"] + order.prefix(count))
      }
      router.goBack()'''),
    ("    #expect(leaks.count == 4)", "    #expect(leaks.count == 2 + AboutAppCoordinator.documentOrder.count)"),
    ('''      #expect(actions(on: router) == [.next, .decline])
      choose(.next, on: router)
      #expect(router.screenNames == order)
      for screen in router.screens { leaks.track(screen) }''', '''      #expect(actions(on: router) == [.next, .decline])
      for count in 2...order.count {
        choose(.next, on: router)
        #expect(router.screenNames == Array(order.prefix(count)))
        for screen in router.screens { leaks.track(screen) }
      }'''),
])
edit(tests / "AboutAppPresenterTests.swift", [
    ("final class FakeDocumentView: TermsOfUseViewInput, PrivacyPolicyViewInput {",
     "final class FakeDocumentView: TermsOfUseViewInput, LicensesViewInput, PrivacyPolicyViewInput {"),
    ("final class Output: AboutAppModuleOutput, TermsOfUseModuleOutput, PrivacyPolicyModuleOutput {",
     "final class Output:\n    AboutAppModuleOutput, TermsOfUseModuleOutput, LicensesModuleOutput, PrivacyPolicyModuleOutput\n  {"),
    ('''    func privacyPolicy(didChoose action: DocumentAction) { events.append("privacy \\(action)") }''',
     '''    func licenses(didChoose action: DocumentAction) { events.append("licenses \\(action)") }
    func privacyPolicy(didChoose action: DocumentAction) { events.append("privacy \\(action)") }'''),
    ('''  @Test func thePrivacyPolicyNamesTheRealStateFile() {''', '''  @Test func theLicencesNameTheModelsLicence() {
    let presenter = LicensesPresenter()
    let view = FakeDocumentView()
    let output = Output()
    presenter.view = view
    presenter.output = output
    presenter.setActions([.next, .back])
    presenter.didChoose(.next)
    #expect(view.titles == ["Licences"])
    #expect(view.paragraphs.contains { $0.contains("MIT") })
    #expect(output.events == ["licenses next"])
  }

  @Test func thePrivacyPolicyNamesTheRealStateFile() {'''),
])

# 4. The app's tests, which listed the About screens and walked consent with one Next.
app_tests = root / "Tests/AppTests"
edit(app_tests / "ApplicationCoordinatorTests.swift", [
    ('let about = ["AboutApp", "TermsOfUse", "PrivacyPolicy"]', 'let about = ["AboutApp", "TermsOfUse", "Licenses", "PrivacyPolicy"]')])

# 5. The scripted session walked consent with one Next: one more, and the later steps move by one.
path = app_tests / "ScriptedSessionTests.swift"
s = path.read_text()
s = s.replace('''    try choose("Next")  // 1. consent: the documents, then Accept
''', '''    try choose("Next")  // 1. consent: the documents, then Accept
    try choose("Next")
''', 1)
s = s.replace("#expect(stacks.count == 11)", "#expect(stacks.count == 12)", 1)
s = re.sub(r"stacks\[([2-9]|10)\]", lambda m: f"stacks[{int(m.group(1)) + 1}]", s)
path.write_text(s)
