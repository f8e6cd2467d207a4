import Foundation
import TerminalUITesting
import Testing

/// SIGINT, SIGTERM and SIGHUP sent to the real app in full screen while the Vision screen
/// plays an ffmpeg test source: the terminal comes back as it was, the parent sees the app
/// killed by that signal, and no child is left running.
@Suite("signals to the full-screen app", .serialized, .enabled(if: hasFlow("MainFlow")))
struct SignalTests {
  /// A state folder in which the terms are already accepted, so the app starts at the link.
  static func consentedStateFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotions-signals-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"consent":{"documentsVersion":1,"acceptedAt":"2026-01-01T00:00:00Z"}}"#.utf8)
      .write(to: folder.appendingPathComponent("state.json"))
    return folder
  }

  /// A 10-minute ffmpeg test pattern: it is still playing when the signal arrives.
  static let link = "emotions://vision?source=lavfi%3Atestsrc%3Dduration%3D600%3Asize%3D160x120%3Arate%3D5"

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func signalRestoresTheTerminalEndsByTheSignalAndLeavesNoChild(signal: Int32) throws {
    let state = try Self.consentedStateFolder()
    defer { try? FileManager.default.removeItem(at: state) }
    let session = try PseudoTerminalSession(
      program: DetectCommandTests.executable, arguments: ["--open", Self.link],
      environment: ["EMOTIONS_STATE_DIR=\(state.path)", "HOME=\(state.path)"], size: (30, 100),
      limit: .seconds(60))
    var children: [pid_t] = []
    try session.waitFor("the Vision screen in raw mode, the source playing") {
      children = childProcesses(of: session.pid).map(\.pid)
      let raw = try session.inputSettings().isRaw
      return raw && session.outputText.contains("Vision") && session.outputText.contains(" fps")
    }
    session.send(signal: signal)
    let status = try session.waitForExit()
    #expect(status == .signaled(signal))
    #expect(try session.inputSettings() == session.initialInputSettings, "termios after == before")
    #expect(session.outputText.hasSuffix("\u{1B}[?1049l"), "left the alternate screen last")
    // The app reaps its children before it dies; give a straggler no time at all.
    let left = children.filter(isAlive)
    #expect(left.isEmpty, "children still running: \(left)")
  }
}
