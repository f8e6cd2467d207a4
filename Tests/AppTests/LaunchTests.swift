import Foundation
import Testing

@testable import EmotionsApp

/// The real app launched in line mode: links checked before anything is shown, the stack of
/// the last session reopened, navigation traced, and signals that reach it whatever mask its
/// parent gave it.
@Suite("launching the app", .serialized, .enabled(if: hasFlow("MainFlow") && hasFlow("AboutAppFlow")))
struct LaunchTests {
  /// A state folder with consent given, and `lastLink` as the last session's stack.
  static func stateFolder(lastLink: String? = nil) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotions-launch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var state = AppState(metRequirements: ["consent": .init(version: 1, metAt: .now)])
    state.lastLink = lastLink
    try AppStateStore(fileURL: folder.appendingPathComponent("state.json")).save(state)
    return folder
  }

  /// Starts the app on `folder`, waits for `marker`, then quits; returns what it printed.
  static func session(
    _ folder: URL, arguments: [String] = [], environment: [String: String] = [:], waitFor marker: String,
    then commands: [String] = []
  ) throws -> String {
    let session = try AppLineSession(
      environment: ["EMOTIONS_STATE_DIR": folder.path].merging(environment) { $1 }, arguments: arguments)
    try session.waitFor(marker)
    for command in commands { session.enter(command) }
    session.enter("quit")
    #expect(try session.waitForExit() == 0)
    return session.text
  }

  @Test(arguments: ["emotions://nowhere", "emotions://about/x", "other://about", "about us"])
  func aLinkThatDoesNotOpenIsAUsageErrorBeforeConsent(link: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotions-launch-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try DetectCommandTests.run(["--open", link], environment: ["EMOTIONS_STATE_DIR": folder.path])
    #expect(run.status == 2)
    #expect(run.errors.count == 1 && run.errors[0].hasPrefix("emotions: --open: "), "\(run.errors)")
    #expect(run.output.isEmpty, "nothing was shown, consent included")
    #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing was written")
  }

  @Test func theNextLaunchReopensTheLastStackAndFreshOrOpenStartElsewhere() throws {
    let folder = try Self.stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.session(folder, waitFor: "== Emotions › Home ==", then: [":about/privacy"])
    let saved = AppStateStore(fileURL: folder.appendingPathComponent("state.json")).load().state
    #expect(saved.lastLink == "emotions://about/privacy")

    let reopened = try Self.session(folder, waitFor: "==")
    #expect(reopened.hasPrefix("== Emotions › Home › About › Privacy Policy =="), "\(reopened.prefix(200))")
    let fresh = try Self.session(folder, arguments: ["--fresh"], waitFor: "==")
    #expect(fresh.hasPrefix("== Emotions › Home =="), "\(fresh.prefix(200))")
    let opened = try Self.session(folder, arguments: ["--open", "about"], waitFor: "==")
    #expect(opened.hasPrefix("== Emotions › Home › About =="), "\(opened.prefix(200))")
  }

  @Test func aVisionScreenComesBackAsItsPicker() throws {
    let folder = try Self.stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let photo = fixture("astronaut.png")
    _ = try Self.session(folder, arguments: ["--open", "vision?source=\(photo)"], waitFor: "summary:")
    let reopened = try Self.session(folder, waitFor: "Type the text")
    #expect(reopened.hasPrefix("== Emotions › Home › Choose a source =="), "\(reopened.prefix(300))")
    #expect(!reopened.contains("summary:"), "nothing was recognised on the way back")
  }

  @Test func aSavedStackThatNoLongerOpensIsDroppedWithANote() throws {
    let folder = try Self.stateFolder(lastLink: "emotions://settings/profile")
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try Self.session(folder, waitFor: "== Emotions › Home ==")
    #expect(
      text.contains(
        "The last session ended at emotions://settings/profile, which nothing in the app opens now"))
    let saved = AppStateStore(fileURL: folder.appendingPathComponent("state.json")).load().state
    #expect(saved.lastLink == "emotions://main")
  }

  @Test func everyStackChangeIsTracedInOrder() throws {
    let folder = try Self.stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try Self.session(
      folder, environment: ["EMOTIONS_TRACE": "navigation"], waitFor: "== Emotions › Home ==",
      then: [":about/terms", "back"])
    let trace = text.split(separator: "\n").filter { $0.hasPrefix("navigation: ") }
    #expect(
      trace == [
        "navigation: will set-root - -> emotions://main", "navigation: did set-root - -> emotions://main",
        "navigation: will push emotions://main -> emotions://about",
        "navigation: did push emotions://main -> emotions://about",
        "navigation: will push emotions://about -> emotions://about/terms",
        "navigation: did push emotions://about -> emotions://about/terms",
        "navigation: will back emotions://about/terms -> emotions://about",
        "navigation: did back emotions://about/terms -> emotions://about",
        "navigation: will close emotions://about -> emotions://main",
        "navigation: did close emotions://about -> emotions://main",
        "navigation: will close emotions://main -> -", "navigation: did close emotions://main -> -",
      ])
  }

  /// A parent that blocks SIGTERM and SIGINT before it starts the app (the test runner's own
  /// threads may, and the mask is inherited across exec): the app still ends on SIGTERM.
  @Test func aBlockedSigtermStillEndsTheApp() throws {
    let folder = try Self.stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let blocking = [
      "/usr/bin/env", "python3", "-c",
      "import os, signal, sys; signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT}); "
        + "os.execv(sys.argv[1], sys.argv[1:])",
    ]
    let session = try AppLineSession(environment: ["EMOTIONS_STATE_DIR": folder.path], prefix: blocking)
    try session.waitFor("== Emotions › Home ==")
    let blocked = try String(contentsOfFile: "/proc/\(session.pid)/status", encoding: .utf8)
      .split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
      .flatMap { UInt64($0.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16) }
    let sigterm = UInt64(1) << (SIGTERM - 1)
    #expect(blocked.map { $0 & sigterm } == 0, "the app unblocked SIGTERM")
    session.send(SIGTERM)
    #expect(try session.waitForExit() == SIGTERM)
  }
}
