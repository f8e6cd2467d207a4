import Foundation
import Testing

@testable import EmotionsApp

@Suite("App state")
struct AppStateStoreTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotions-state-\(UUID().uuidString)")
  }

  var store: AppStateStore { AppStateStore(fileURL: folder.appendingPathComponent("state.json")) }

  @Test func aMissingFileIsAnEmptyStateWithoutWarning() {
    let loaded = store.load()
    #expect(loaded.state == AppState())
    #expect(loaded.warning == nil)
  }

  @Test func savedStateReadsBack() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let state = AppState(
      metRequirements: ["consent": .init(version: 1, metAt: Date(timeIntervalSince1970: 1_700_000_000))],
      flowValues: ["main.lastSource": "a b.mp4"], lastLink: "emotions://about")
    try store.save(state)
    #expect(store.load().state == state)
    #expect(store.load().warning == nil)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(leftovers == ["state.json"], "the temporary file was renamed, not left behind")
  }

  /// The state names the sources the user opened: only its owner may read it, even where an
  /// older version left it readable by all.
  @Test func theFileIsTheOwnersAlone() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try store.save(AppState())
    #expect(try Self.permissions(of: store.fileURL) == 0o600)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.fileURL.path)
    try store.save(AppState(flowValues: ["main.lastSource": "private.mp4"]))
    #expect(try Self.permissions(of: store.fileURL) == 0o600)
  }

  static func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  /// The fields are the flows' (their factories declare them), so this holds with both flows.
  @Test(.enabled(if: hasFlow("AboutAppFlow") && hasFlow("MainFlow")))
  func aStateWrittenByVersion01IsReadIntoTheNewFields() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let old =
      #"{"consent":{"documentsVersion":1,"acceptedAt":"2026-01-01T00:00:00Z"},"lastSource":"clip.mp4"}"#
    try Data(old.utf8).write(to: store.fileURL)
    let state = store.load().state
    #expect(state.hasMet("consent", version: 1) && !state.hasMet("consent", version: 2))
    #expect(state.flowValues == ["main.lastSource": "clip.mp4"])
    #expect(state.lastLink == nil)
  }

  @Test func theOldFieldsAreReadOnlyAsTheFlowsDeclareThem() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let old =
      #"{"consent":{"documentsVersion":1,"acceptedAt":"2026-01-01T00:00:00Z"},"lastSource":"clip.mp4"}"#
    try Data(old.utf8).write(to: store.fileURL)
    // The app itself names no flow's key: without the flows' declarations the old fields are
    // unknown keys, passed over.
    let bare = AppStateStore(fileURL: store.fileURL, legacyEntries: []).load()
    #expect(bare.state == AppState() && bare.warning == nil)
    let nulls = AppStateStore.decode(
      Data(#"{"consent":null,"lastSource":null}"#.utf8), path: "s",
      legacyEntries: FlowRegistry.legacyStateEntries)
    #expect(nulls.state == AppState() && nulls.warning == nil, "an old field left empty is passed over")
  }

  // Version 0.1's consent is AboutAppFlow's to declare: of the wrong shape, it is corrupt where
  // the flow is.
  @Test(
    arguments: ["{", "", "null"] + (hasFlow("AboutAppFlow") ? ["{\"consent\": 7}"] : [])
      + ["{\"metRequirements\": []}", "\u{0}\u{1}binary"])
  func aCorruptFileIsReportedAndTreatedAsEmpty(contents: String) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: store.fileURL)
    let loaded = store.load()
    #expect(loaded.state == AppState())
    #expect(loaded.warning == "\(store.fileURL.path) is corrupt; ignoring it and starting afresh.")
  }

  @Test func aFileThatCannotBeReadIsReportedAndTreatedAsEmpty() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: store.fileURL, withIntermediateDirectories: true)
    let loaded = store.load()
    #expect(loaded.state == AppState())
    #expect(loaded.warning == "Could not read \(store.fileURL.path) (is a directory); starting afresh.")
  }

  @Test func theFolderFollowsTheEnvironment() {
    #expect(
      AppStateStore.folder(environment: ["EMOTIONS_STATE_DIR": "/s", "XDG_STATE_HOME": "/x"]).path == "/s")
    #expect(AppStateStore.folder(environment: ["XDG_STATE_HOME": "/x", "HOME": "/h"]).path == "/x/emotions")
    #expect(
      AppStateStore.folder(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]).path
        == "/h/.local/state/emotions")
    #expect(AppStateStore.folder(environment: ["HOME": "/h"]).path == "/h/.local/state/emotions")
  }
}
