import Foundation
import Navigation
import SystemTesting
import TerminalUI
import TerminalUITesting
import Testing

@testable import EmotionsApp

/// The Vision screen in line mode, with the real recognizer, against `emotions detect --json`
/// on the same video: the same frames, boxes, emotions and scores (to the percent the
/// screen prints).
@MainActor
@Suite("Vision in line mode against detect")
struct VisionLineModeTests {
  /// One face as both reports give it.
  /// A face as both reports give it: the person's id and steady label (with its score in
  /// hundredths) where a track follows it, else the face's own label.
  struct Face: Equatable, CustomStringConvertible {
    var box: [Int]
    var track: Int?
    var emotion: String
    var percent: Int
    /// The face's own label, where a track's is the one shown (detect's records hold both).
    var own: Label?
    var description: String { "\(track.map { "#\($0) " } ?? "")\(emotion) \(percent)% at \(box)" }

    struct Label: Equatable {
      var emotion: String
      var percent: Int
    }

    /// Whether the screen's face `shown` is detect's face `self`. The screen cannot wait for a
    /// track to be confirmed (detect holds its frames back until then), so while a person is
    /// new it shows the face's own label, without an id.
    func isShown(as shown: Face) -> Bool {
      if shown == Face(box: box, track: track, emotion: emotion, percent: percent) { return true }
      return shown.track == nil
        && own.map { Face(box: box, track: nil, emotion: $0.emotion, percent: $0.percent) } == shown
    }
  }

  /// One frame as both reports give it.
  struct FrameReport: Equatable, CustomStringConvertible {
    var index: Int
    var time: String
    var faces: [Face]
    var description: String { "frame \(index) (\(time) s): \(faces)" }
  }

  /// Whether the tests run under AddressSanitizer or ThreadSanitizer (`Tools/test --sanitize`),
  /// whose runtimes define these symbols. A frame then costs 10 to 100 times as much: under
  /// ThreadSanitizer only 4 of the 30 frames were recognised in 300 s.
  static let isSanitized = dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil

  /// The frames compared: all 30 of faces.mp4, or under a sanitizer its first 3, copied
  /// without re-encoding into a file of their own that both reports read.
  static let frameCount = isSanitized ? 3 : 30

  @Test(.enabled(if: hasFlow("MainFlow")))
  func everyFrameMatchesDetectJSON() async throws {
    let fixtureVideo = fixture("faces.mp4")
    try #require(FileManager.default.fileExists(atPath: fixtureVideo), "run Tools/setup for the fixtures")
    let video = try Self.firstFrames(of: fixtureVideo, count: Self.frameCount)
    defer { if video != fixtureVideo { try? FileManager.default.removeItem(atPath: video) } }
    let expected = try detectJSON(video).map(Self.parseJSONLine)
    #expect(expected.count == Self.frameCount, "faces.mp4 is 3 s at 10 fps")
    #expect(expected.contains { !$0.faces.isEmpty }, "the fixture has faces")

    let terminal = VirtualTerminal(router: TerminalRouter(appName: "Emotions"), mode: .line)
    let app = AppUnderTest(router: terminal.router, scheduler: terminal.app)
    for requirement in app.plugins.launchRequirements { app.state.recordMet(requirement) }
    app.coordinator.onFinish = { [weak router = terminal.router] _ in router?.quit() }
    let link = try DeepLink(
      path: ["vision"], query: [DeepLink.QueryItem(name: "source", value: video)])
    app.coordinator.start(route: app.plan(.init(deepLink: link)).route)
    let deadline = ContinuousClock.now + .seconds(300)
    while !terminal.transcript.contains("\nsummary: "), ContinuousClock.now < deadline {
      await terminal.waitForPostedJobs(limit: .seconds(1))
    }
    terminal.enter("quit")
    app.close()

    let lines = terminal.transcript.split(separator: "\n").map(String.init)
    let frames = try lines.filter { $0.hasPrefix("frame ") }.map(Self.parseScreenLine)
    #expect(frames.count == expected.count)
    var untracked = 0
    for (shown, detected) in zip(frames, expected) {
      let matches =
        shown.index == detected.index && shown.time == detected.time
        && shown.faces.count == detected.faces.count
        && zip(detected.faces, shown.faces).allSatisfy { $0.isShown(as: $1) }
      #expect(matches, "\(shown) against \(detected)")
      untracked += zip(detected.faces, shown.faces).filter { $0.track != nil && $1.track == nil }.count
    }
    // A track is confirmed after 0.1 s: at 10 frames a second, each person's first frame or two.
    #expect(untracked <= 2 * Set(expected.flatMap { $0.faces.compactMap(\.track) }).count)
    let summary = try #require(lines.first { $0.hasPrefix("summary: ") })
    let faceCount = expected.map(\.faces.count).reduce(0, +)
    #expect(summary.hasPrefix("summary: \(expected.count) frames, \(faceCount) faces, "), "\(summary)")
    #expect(!summary.contains("dropped"), "line mode reports every frame of a file")
    #expect(!terminal.transcript.contains("\u{1B}"))
  }

  /// `--detector` and `EMOTIONS_DETECTOR` choose the detector the Vision screen starts with,
  /// as they do for `detect`: the real binary on the astronaut reports BlazeFace and finds the
  /// face with it; without either, BlazeFace (full range).
  @Test(
    .enabled(if: hasFlow("MainFlow") && hasFlow("AboutAppFlow")),
    arguments: [
      (["--detector", "blazeface"], [:], "BlazeFace (full range)"),
      ([], ["EMOTIONS_DETECTOR": "blazeface-short"], "BlazeFace (short range)"),
      ([], [:], "BlazeFace (full range)"),
      (["--detector", "haar"], [:], "Haar cascade"),
    ] as [([String], [String: String], String)])
  func theCommandLineChoosesTheDetector(
    arguments: [String], environment: [String: String], detector: String
  ) throws {
    let image = fixture("astronaut.png")
    try #require(FileManager.default.fileExists(atPath: image), "run Tools/setup for the fixtures")
    let folder = try LaunchTests.stateFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try LaunchTests.session(
      folder, arguments: arguments + ["--open", "emotions://vision?source=\(image)"],
      environment: environment.merging(["EMOTIONS_DETECTOR": ""]) { old, _ in old },
      waitFor: "\nsummary: ", then: [""])  // an empty line prints the page again
    #expect(text.contains("\ndetector: \(detector)\n"), "\(text.prefix(400))")
    #expect(text.contains("astronaut.png · 512x512 · \(detector) · detect "), "\(text.prefix(600))")
    #expect(text.contains("astronaut.png: 1 face: "), "the face is found")
  }

  /// `video` itself when `count` covers it, else a temporary copy of its first `count` frames
  /// (stream copy, so the pixels are the same).
  static func firstFrames(of video: String, count: Int) throws -> String {
    guard count < 30 else { return video }
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emotions-frames-\(UUID().uuidString).mp4"
    ).path
    let result = try ChildProcess.run(
      ["ffmpeg", "-v", "error", "-i", video, "-frames:v", "\(count)", "-an", "-c", "copy", copy],
      environment: ProcessInfo.processInfo.environment)
    try #require(result.status == 0, "ffmpeg could not copy the first \(count) frames")
    return copy
  }

  // MARK: - The two reports

  /// `frame 3 (0.30 s): 1 face: #1 happy 0.87 at 233,82 93x93; …` (`happy 87% at …` for a
  /// face no track follows yet) or `frame 4 (0.40 s): no face`.
  static func parseScreenLine(_ line: String) throws -> FrameReport {
    let head = try #require(line.firstRange(of: "): "))
    let prefix = line[..<head.lowerBound]  // frame 3 (0.30 s
    let words = prefix.split(separator: " ")
    let index = try #require(Int(words[1]))
    let time = String(words[2].dropFirst())
    let rest = line[head.upperBound...]
    guard rest != "no face" else { return FrameReport(index: index, time: time, faces: []) }
    let list = try #require(rest.firstRange(of: ": ")).upperBound
    let faces = try rest[list...].split(separator: "; ").map { text -> Face in
      // #1 happy 0.87 at 233,82 93x93, or happy 87% at 233,82 93x93
      var parts = text.split(separator: " ")
      var track: Int?
      if parts[0].hasPrefix("#") { track = try #require(Int(parts.removeFirst().dropFirst())) }
      let percent = try #require(
        track == nil ? Int(parts[1].dropLast()) : Double(parts[1]).map { Int(($0 * 100).rounded()) })
      let corner = parts[3].split(separator: ",").compactMap { Int($0) }
      let size = parts[4].split(separator: "x").compactMap { Int($0) }
      return Face(box: corner + size, track: track, emotion: String(parts[0]), percent: percent)
    }
    return FrameReport(index: index, time: time, faces: faces)
  }

  /// One line of `detect --json`, rounded as the screen prints it.
  static func parseJSONLine(_ line: String) throws -> FrameReport {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let index = try #require(object["frame"] as? Int)
    let time = try #require(object["time"] as? Double)
    let faces = try #require(object["faces"] as? [[String: Any]]).map { face -> Face in
      // The track's steady label where a person is followed, else the face's own.
      let labelled = face["track"] as? [String: Any] ?? face
      let emotion = try #require(labelled["emotion"] as? String)
      let scores = try #require(labelled["scores"] as? [String: Double])
      let score = Float(try #require(scores[emotion]))
      return Face(
        box: try #require(face["box"] as? [Int]), track: (face["track"] as? [String: Any])?["id"] as? Int,
        emotion: emotion, percent: Int((score * 100).rounded()), own: try ownLabel(face))
    }
    return FrameReport(index: index, time: String(format: "%.2f", time), faces: faces)
  }

  /// A face's own label in a record, rounded as the screen prints it.
  static func ownLabel(_ face: [String: Any]) throws -> Face.Label {
    let emotion = try #require(face["emotion"] as? String)
    let score = Float(try #require((face["scores"] as? [String: Double])?[emotion]))
    return Face.Label(emotion: emotion, percent: Int((score * 100).rounded()))
  }

  /// The lines `emotions detect --json` prints for `video`, run as a child process.
  func detectJSON(_ video: String) throws -> [String] {
    let result = try ChildProcess.run(
      [
        try emotionsExecutable().path, "detect", "--json", "--model-dir",
        repositoryRoot.appendingPathComponent("Models").path, video,
      ], environment: ProcessInfo.processInfo.environment)
    #expect(result.status == 0)
    return String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// The `emotions` executable built with these tests.
  func emotionsExecutable() throws -> URL {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
      repositoryRoot.appendingPathComponent(".build/debug"),
    ].map { $0.appendingPathComponent("emotions") }
    return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
  }
}
