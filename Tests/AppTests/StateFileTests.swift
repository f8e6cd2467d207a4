import Foundation
import Testing

@testable import EmotionsApp

/// The state file is deleted, corrupted or made read-only while the app runs in line mode:
/// the app goes on, and says so when it cannot save.
@Suite("state file changed under the running app", .serialized, .enabled(if: hasFlow("MainFlow")))
struct StateFileTests {
  static let consent = #"{"consent":{"documentsVersion":1,"acceptedAt":"2026-01-01T00:00:00Z"}}"#

  /// A state folder holding a consented state.json.
  static func stateFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotions-state-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(consent.utf8).write(to: folder.appendingPathComponent("state.json"))
    return folder
  }

  /// The header of the Home screen in line mode: the app waits for a command.
  static let homePrompt = "== Emotions › Home =="

  /// Opening a photo on the Vision screen saves it as the last source: a save.
  static let openPhoto = ":emotions://vision?source=\(fixture("astronaut.png"))"

  static func savedState(in folder: URL) throws -> AppState {
    AppStateStore(fileURL: folder.appendingPathComponent("state.json")).load().state
  }

  @Test func deletedWhileRunningIsWrittenAgain() throws {
    let folder = try Self.stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let session = try AppLineSession(environment: ["EMOTIONS_STATE_DIR": folder.path])
    try session.waitFor(Self.homePrompt)
    try FileManager.default.removeItem(at: folder)
    session.enter(Self.openPhoto)
    try session.waitFor("summary:")
    session.enter("quit")
    #expect(try session.waitForExit() == 0)
    #expect(!session.text.contains("Error:"), "\(session.text)")
    let state = try Self.savedState(in: folder)
    // Version 0.1's consent is read where AboutAppFlow, which declares it, is in the app.
    #expect(
      state.hasMet("consent", version: 1) == hasFlow("AboutAppFlow"),
      "the state in memory, consent included, was saved again")
    #expect(state.flowValues["main.lastSource"] == fixture("astronaut.png"))
  }

  @Test func corruptedWhileRunningIsReplacedByTheStateInMemory() throws {
    let folder = try Self.stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let session = try AppLineSession(environment: ["EMOTIONS_STATE_DIR": folder.path])
    try session.waitFor(Self.homePrompt)
    try Data("{\"consent\": garbage".utf8).write(to: folder.appendingPathComponent("state.json"))
    session.enter(Self.openPhoto)
    try session.waitFor("summary:")
    session.enter("quit")
    #expect(try session.waitForExit() == 0)
    let state = try Self.savedState(in: folder)
    #expect(state.hasMet("consent", version: 1) == hasFlow("AboutAppFlow"))
    #expect(state.flowValues["main.lastSource"] == fixture("astronaut.png"))
  }

  @Test func corruptAtLaunchIsReportedAndIgnored() throws {
    let folder = try Self.stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("state.json")
    try Data([0xFF, 0x00, 0x7B]).write(to: file)
    let session = try AppLineSession(environment: ["EMOTIONS_STATE_DIR": folder.path])
    // The first consent document (whichever it is) offers Next, or without consent, Home.
    try session.waitFor(hasFlow("AboutAppFlow") ? "1. Next" : Self.homePrompt, count: 1)
    session.enter("quit")
    #expect(try session.waitForExit() == 0)
    #expect(session.text.contains("Error: \(file.path) is corrupt; ignoring it and starting afresh."))
  }

  /// Root writes into read-only folders, so when the tests run as root (as in CI) the app runs
  /// as the unprivileged user `nobody`, in a folder it owns until it is made read-only.
  @Test func readOnlyWhileRunningIsReportedAndTheAppGoesOn() throws {
    let folder = try Self.stateFolder()
    defer {
      chmod(folder.path, 0o700)
      try? FileManager.default.removeItem(at: folder)
    }
    let file = folder.appendingPathComponent("state.json")
    var prefix: [String] = []
    if geteuid() == 0 {
      #expect(chown(folder.path, 65534, 65534) == 0 && chown(file.path, 65534, 65534) == 0)
      prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
    }
    let session = try AppLineSession(
      environment: ["EMOTIONS_STATE_DIR": folder.path, "HOME": "/nonexistent"], prefix: prefix)
    try session.waitFor(Self.homePrompt)
    #expect(chmod(folder.path, 0o555) == 0 && chmod(file.path, 0o444) == 0)
    session.enter(Self.openPhoto)
    try session.waitFor("summary:")
    #expect(
      session.text.contains(
        "Error: Could not save \(file.path) (permission denied); going on without saving."),
      "\(session.text)")
    session.enter("back")
    try session.waitFor(Self.homePrompt, count: 2)
    session.enter("quit")
    #expect(try session.waitForExit() == 0)
    #expect(try Self.savedState(in: folder).flowValues.isEmpty, "the file was left as it was")
  }
}
