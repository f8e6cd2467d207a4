import FaceAnalysisInterface
import FaceAnalysisTesting
import Foundation
import Navigation
import TerminalUI
import Testing

@testable import MainFlow

@MainActor
@Suite("Vision screen")
struct VisionScreenTests {
  /// A 64x32 still with two faces, the larger one happy.
  nonisolated static func stillScript(_ name: String) -> FakeScript {
    FakeScript(name: name, frames: 1, playback: .still, width: 64, height: 32, timing: (0.012, 0.004)) { _ in
      [
        FakeScript.face(x: 8, y: 8, width: 16, height: 16, scores: [0, 0, 0, 0.75, 0.05, 0.1, 0.1]),
        FakeScript.face(x: 40, y: 10, width: 12, height: 12, scores: [0.1, 0, 0, 0.1, 0.6, 0.1, 0.1]),
      ]
    }
  }

  static func stillService() -> FakeRecognitionService {
    FakeRecognitionService { stillScript($0) }
  }

  // MARK: - Layout

  @Test(
    "the picture, the score panel and the footer at several sizes",
    arguments: [
      (Size(width: 80, height: 24), true), (Size(width: 200, height: 60), true),
      (Size(width: 60, height: 30), false),
    ])
  func layout(size: Size, panelAtTheSide: Bool) throws {
    let harness = try VisionHarness(service: Self.stillService(), source: "still.png", size: size)
    defer { harness.close() }
    #expect(harness.playToTheEnd())
    let lines = harness.terminal.screenLines
    let area = VisionLayout(size: Size(width: size.width, height: size.height - 4))
    let picture = try #require(area.picture)
    let panel = try #require(area.panel)
    #expect(area.fallback == nil)
    // The panel beside the picture when wide; under it otherwise.
    #expect(panelAtTheSide ? panel.minX > picture.maxX : panel.minY >= picture.maxY)
    let pictureRows = lines[(2 + picture.minY)..<(2 + picture.maxY)]
    #expect(pictureRows.contains { $0.contains("▀") }, "the picture is drawn in half blocks")
    #expect(
      pictureRows.contains { $0.contains("happy 75%") } && pictureRows.contains { $0.contains("sad 60%") })
    let title = lines[2 + panel.minY]
    #expect(title.dropFirst(panel.minX).hasPrefix("Largest face: happy 75%"), "\(title)")
    #expect(lines[2 + panel.minY + 4].contains("happy    █"))
    #expect(lines[2 + panel.minY + 4].hasSuffix("75%"))
    #expect(
      lines[size.height - 4]
        == String(
          " fake still.png · 64x32 · Haar cascade · detect 12 ms · classify 4 ms".prefix(size.width - 1)))
    #expect(
      lines[size.height - 3].hasPrefix(
        String(" finished · 1 frames, 2 faces, happy 50%, sad 50%, 16 ms a frame".prefix(size.width - 2))))
    #expect(lines[size.height - 1].hasPrefix(" s save PNG  Esc back  ? help"))
  }

  @Test func theAreasAtKnownSizes() {
    let wide = VisionLayout(size: Size(width: 80, height: 20))
    #expect(wide.picture == Rect(x: 0, y: 0, width: 49, height: 17))
    #expect(wide.panel == Rect(x: 50, y: 0, width: 30, height: 17))
    #expect(wide.detailsRow == 18 && wide.statusRow == 19)
    let tall = VisionLayout(size: Size(width: 60, height: 26))
    #expect(tall.picture == Rect(x: 0, y: 0, width: 60, height: 14))
    #expect(tall.panel == Rect(x: 1, y: 14, width: 58, height: 9))
    let small = VisionLayout(size: Size(width: 40, height: 8))
    #expect(small.picture == nil && small.panel == nil)
    #expect(small.fallback == Rect(x: 1, y: 0, width: 38, height: 5))
  }

  @Test func aTerminalTooSmallForThePictureGetsText() throws {
    let harness = try VisionHarness(
      service: Self.stillService(), source: "still.png", size: Size(width: 40, height: 12))
    defer { harness.close() }
    #expect(harness.playToTheEnd())
    #expect(
      harness.terminal.screenLines == [
        " Loop › Vision", "", " Too small for the picture.", " happy 75% at 8,8 16x16",
        " sad 60% at 40,10 12x12",
        "", "",
        "", " fake still.png · 64x32 · Haar cascade", " finished · 1 frames, 2 faces, happy 50", "",
        " s save PNG  Esc back  ? help  q quit",
      ])
  }

  @Test(
    "colors follow the environment",
    arguments: [
      (["TERM": "xterm-256color", "COLORTERM": "truecolor"], ColorMode.trueColor),
      (["TERM": "xterm-256color"], ColorMode.palette256),
      (["TERM": "xterm-256color", "NO_COLOR": "1"], ColorMode.gray),
    ])
  func colorModes(environment: [String: String], mode: ColorMode) throws {
    let harness = try VisionHarness(
      service: Self.stillService(), source: "still.png", environment: environment)
    defer { harness.close() }
    #expect(harness.playToTheEnd())
    #expect(harness.router.colorMode == mode)
    let picture = harness.terminal.screenLines[5]
    if mode == .gray {
      #expect(!picture.contains("▀") && !picture.isEmpty)
      #expect(!harness.terminal.transcript.contains("38;"), "no color escapes at all")
    } else {
      #expect(picture.contains("▀"))
      #expect(harness.terminal.transcript.contains(mode == .trueColor ? "38;2;" : "38;5;"))
      #expect(harness.terminal.transcript.contains("38;2;") == (mode == .trueColor))
    }
  }

  // MARK: - Boxes

  /// The view alone, drawn into a 71x15 canvas: a 40x12 picture area beside the panel.
  func drawn(image size: (Int, Int), box: (Int, Int, Int, Int)) -> Canvas {
    let view = VisionView(output: SilentOutput())
    var model = VisionViewModel()
    model.image = RGBImage(width: size.0, height: size.1) { _, _ in (10, 10, 10) }
    model.boxes = [
      ImageView.Box(
        x: box.0, y: box.1, width: box.2, height: box.3, label: "happy 75%", color: .rgb(255, 210, 0))
    ]
    view.show(model)
    var canvas = Canvas(size: Size(width: 71, height: 15), colorMode: .trueColor)
    view.draw(into: &canvas)
    return canvas
  }

  @Test(
    "boxes land where the face is once the picture is scaled",
    arguments: [
      // image size, box, where the label starts, a cell on the box's left edge
      ((40, 20), (10, 4, 20, 12), Point(x: 10, y: 3), Point(x: 10, y: 4)),  // scale 1, letterboxed by a row
      ((80, 40), (20, 8, 40, 24), Point(x: 10, y: 3), Point(x: 10, y: 4)),  // scale 1/2
      ((160, 80), (40, 16, 80, 48), Point(x: 10, y: 3), Point(x: 10, y: 4)),  // scale 1/4
      ((20, 40), (2, 10, 16, 10), Point(x: 15, y: 3), Point(x: 15, y: 4)),  // tall: 12 columns, centred
    ])
  func boxPlacement(image: (Int, Int), box: (Int, Int, Int, Int), label: Point, edge: Point) {
    let canvas = drawn(image: image, box: box)
    #expect(canvas.lines[label.y].dropFirst(label.x).hasPrefix("happy 75%"), "\(canvas.text)")
    #expect(canvas[label.x - 1, label.y].character == "▀")
    #expect(canvas[edge.x, edge.y].style.foreground == .rgb(255, 210, 0))
    #expect(canvas[edge.x, edge.y].style.background == .rgb(255, 210, 0))
    #expect(canvas[edge.x + 1, edge.y].style.foreground == .rgb(10, 10, 10), "inside the box is the picture")
  }

  // MARK: - Playback

  @Test func spacePausesAndResumes() throws {
    let service = FakeRecognitionService {
      FakeScript(name: $0, frames: 100_000, playback: .video(framesPerSecond: 200))
    }
    let harness = try VisionHarness(service: service)
    defer { harness.close() }
    #expect(harness.pump { harness.view.status.contains("· frame") })
    #expect(harness.view.keyHints.first == KeyHint("Space", "pause"))
    harness.terminal.press(.character(" "))
    let paused = harness.view.status
    #expect(paused.hasPrefix("fake clip.mp4 · paused at frame "), "\(paused)")
    #expect(harness.view.keyHints.first == KeyHint("Space", "resume"))
    // Nothing moves while paused, however long the loop runs.
    for _ in 0..<20 {
      Thread.sleep(forTimeInterval: 0.01)
      harness.terminal.runPostedJobs()
    }
    #expect(harness.view.status == paused)
    #expect(harness.terminal.screenLines[21].hasPrefix(" fake clip.mp4 · paused at frame"))
    #expect(service.sessions.first?.pauseRequests == [true], "the session is paused too")
    harness.terminal.press(.character(" "))
    #expect(
      harness.pump {
        harness.view.status.contains("· frame") && frameIndex(harness.view.status) > frameIndex(paused)
      })
  }

  /// A stream's people beside the picture: each with their steady emotion and sparkline.
  @Test func thePanelListsThePeopleInView() throws {
    let service = FakeRecognitionService { name in
      FakeScript(name: name, frames: 100_000, playback: .video(framesPerSecond: 200), width: 64, height: 32) {
        _ in
        var face = FakeScript.face(
          x: 8, y: 8, width: 16, height: 16, scores: [0, 0, 0, 0.75, 0.05, 0.1, 0.1])
        face.track = FaceTrack(id: 3, emotion: .happy, scores: face.scores)
        return [face]
      }
    }
    let harness = try VisionHarness(service: service, size: Size(width: 100, height: 30))
    defer { harness.close() }
    #expect(
      harness.pump { harness.terminal.screenLines.contains { $0.contains("#3 happy") && $0.contains("▆") } })
    let lines = harness.terminal.screenLines
    #expect(lines.contains { $0.hasSuffix("People") || $0.contains("People ") }, "\(lines)")
    #expect(lines.contains { $0.contains("#3 happy 0.75") }, "the box's label names the person")
  }

  /// The view alone with four people, #3 in view, drawn `rows` high: the panel's people, one
  /// line each, as (text, dim).
  func peopleRows(height: Int) -> [(text: String, isDim: Bool)] {
    let view = VisionView(output: SilentOutput())
    var model = VisionViewModel()
    model.image = RGBImage(width: 40, height: 20) { _, _ in (10, 10, 10) }
    model.scoreTitle = "Largest face: #3 happy 0.75"
    model.scores = Emotion.allCases.map { BarChart.Entry($0.rawValue, $0 == .happy ? 0.75 : 0.04) }
    let seen: [(Int, Double)] = [(1, 2), (2, 5), (3, 9), (4, 1)]
    model.people = seen.map { id, time in
      VisionViewModel.Person(
        name: "#\(id)", emotion: "happy", values: [0.5, 0.75], isInView: id == 3, lastSeen: time)
    }
    view.show(model)
    var canvas = Canvas(size: Size(width: 71, height: height), colorMode: .trueColor)
    view.draw(into: &canvas)
    // The side panel starts at column 41: title, seven bars, a gap, "People", then the people.
    guard let heading = canvas.lines.firstIndex(where: { $0.dropFirst(41).hasPrefix("People") }) else {
      return []
    }
    return (heading + 1..<height - 3).map { row in
      (String(canvas.lines[row].dropFirst(41)), canvas[41, row].style.dim)
    }
  }

  /// The people who left stay in the panel, dim; when it has fewer rows than people, those in
  /// view come first, then those out of view seen most recently.
  @Test func thePanelKeepsThoseWhoLeftDimAndThoseInViewFirstWhenShort() {
    let all = peopleRows(height: 20)
    #expect(all.map { String($0.text.prefix(2)) }.prefix(4) == ["#1", "#2", "#3", "#4"], "\(all)")
    #expect(all.prefix(4).map(\.isDim) == [true, true, false, true])
    let short = peopleRows(height: 15)
    #expect(short.map { String($0.text.prefix(2)) } == ["#3", "#2"], "\(short)")
    #expect(short.map(\.isDim) == [false, true])
  }

  private func frameIndex(_ status: String) -> Int {
    Int(status.split(separator: " ").last ?? "") ?? -1
  }

  @Test func theSummaryAtTheEnd() throws {
    let harness = try VisionHarness(service: Self.summaryService())
    defer { harness.close() }
    #expect(harness.playToTheEnd())
    #expect(harness.view.status == "finished · 4 frames, 6 faces, happy 67%, sad 33%, 15 ms a frame")
    #expect(harness.view.keyHints.first == KeyHint("s", "save PNG"), "a finished video no longer pauses")
  }

  nonisolated static func summaryScript(_ name: String) -> FakeScript {
    FakeScript(name: name, frames: 4, timing: (0.010, 0.005)) { index in
      let sad = FakeScript.face(x: 0, y: 0, width: 1, height: 1, scores: [0, 0, 0, 0.2, 0.7, 0, 0.1])
      return index % 2 == 0 ? [FakeScript.happyFace] : [FakeScript.happyFace, sad]
    }
  }

  static func summaryService() -> FakeRecognitionService {
    FakeRecognitionService { summaryScript($0) }
  }

  @Test func lineModePrintsEveryFrameThenTheSummary() throws {
    let harness = try VisionHarness(service: Self.summaryService(), mode: .line)
    defer { harness.close() }
    #expect(harness.playToTheEnd())
    harness.terminal.runPostedJobs()
    let transcript = harness.terminal.transcript
    let report = transcript.split(separator: "\n").filter { $0.hasPrefix("frame") || $0.hasPrefix("summary") }
    #expect(
      report == [
        "frame 0 (0.00 s): 1 face: happy 75% at 1,0 2x2",
        "frame 1 (0.10 s): 2 faces: happy 75% at 1,0 2x2; sad 70% at 0,0 1x1",
        "frame 2 (0.20 s): 1 face: happy 75% at 1,0 2x2",
        "frame 3 (0.30 s): 2 faces: happy 75% at 1,0 2x2; sad 70% at 0,0 1x1",
        "summary: 4 frames, 6 faces, happy 67%, sad 33%, 15 ms a frame",
      ])
    #expect(!transcript.contains("\u{1B}"))
    #expect(harness.service.sessions.map(\.policy) == [.everyFrame], "line mode asks for every frame")
  }

  @Test func lineModeChoicesKeepTheirNumbers() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vision-line-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let service = FakeRecognitionService { name in
      var script = Self.summaryScript(name)
      script.save = { frame in .success(folder.path + "/emotions-fake-frame\(frame.index).png") }
      return script
    }
    let harness = try VisionHarness(service: service, mode: .line)
    defer { harness.close() }
    #expect(harness.playToTheEnd())
    harness.terminal.enter("")  // prints the page again
    #expect(
      harness.terminal.transcript.hasSuffix(
        "  1. Another source\n  2. Pause\n  3. Save this frame as PNG\n  4. Next detector\n"
          + "Type a number (1-4), back, quit or help.\n"))
    harness.terminal.enter("2")
    #expect(harness.terminal.transcript.hasSuffix("> 2\nError: The source has ended; nothing to pause.\n"))
    harness.terminal.enter("4")
    #expect(
      harness.terminal.transcript.hasSuffix(
        "> 4\nError: The source has ended; there is nothing left to find faces in.\n"))
    #expect(harness.service.sessions.first?.detectorRequests == [])
    harness.terminal.enter("3")
    #expect(harness.pump { harness.terminal.transcript.contains("\nsaved \(folder.path)/emotions-") })
    harness.terminal.enter("1")
    #expect(harness.output.requests == ["picker"])
  }

  @Test func aFolderIsASlideShowSteppedWithTheArrows() throws {
    let service = FakeRecognitionService { FakeScript(name: $0, frames: 0, playback: .slideShow(count: 3)) }
    let harness = try VisionHarness(service: service, source: "photos")
    defer { harness.close() }
    #expect(harness.pump { harness.view.status.hasSuffix("image 1 of 3 · slide1.png") })
    #expect(harness.view.keyHints.map(\.keys) == ["←→", "s", "d"])
    harness.terminal.press(.right)
    #expect(harness.pump { harness.view.status.hasSuffix("image 2 of 3 · slide2.png") })
    harness.terminal.press(.left, .left)
    #expect(harness.pump { harness.view.status == "This is the first image." })
    #expect(harness.view.model.slide?.index == 0)
    #expect(harness.service.sessions.first?.slidesAsked == [1, 0])
  }

  @Test func escapeAsksForAnotherSource() throws {
    let harness = try VisionHarness(service: Self.stillService())
    defer { harness.close() }
    harness.terminal.press(.escape)
    #expect(harness.output.requests == ["picker"])
    #expect(harness.router.stack.entries.count == 2, "the coordinator decides where to go, not the router")
  }

  @Test func aCameraThatGoesAwayIsReported() throws {
    let service = FakeRecognitionService { name in
      FakeScript(
        name: name, frames: 1000, playback: .live(framesPerSecond: 100, isCamera: true),
        failure: (after: 3, message: "/dev/video0: video decoding failed: No such device"))
    }
    let harness = try VisionHarness(service: service, source: "/dev/video0")
    defer { harness.close() }
    #expect(harness.pump { !harness.output.requests.isEmpty })
    #expect(
      harness.output.requests == [
        "lost: The camera went away: /dev/video0: video decoding failed: No such device. Choose another source."
      ])
    #expect(harness.view.model.tone == .error)
    #expect(harness.terminal.screen.contains("✗ The camera went away"))
  }

  @Test func sAsksTheSessionToSaveTheFrameShownAndSaysWhere() throws {
    // The picture itself is the session's (RecognitionPipelineTests): boxes, labels, colors.
    let harness = try VisionHarness(service: Self.stillService(), source: "still.png")
    defer { harness.close() }
    #expect(harness.playToTheEnd())
    harness.terminal.press(.character("s"))
    #expect(harness.pump { harness.view.status.hasPrefix("Saved the frame to ") })
    let session = try #require(harness.service.sessions.first)
    #expect(session.savedFrames.map(\.index) == [0])
    #expect(session.savedFrames.first?.faces.count == 2)
    #expect(harness.view.status == "Saved the frame to /tmp/fake-0.png")
    // The notice goes after a few seconds and the summary is back.
    harness.terminal.advance(by: .seconds(6))
    #expect(harness.view.status.hasPrefix("finished · 1 frames, 2 faces"))
  }

  @Test func aFrameThatCannotBeSavedSaysWhy() throws {
    let service = FakeRecognitionService { name in
      var script = Self.stillScript(name)
      script.save = { _ in .failure(FakeFailure(description: "/pictures: permission denied")) }
      return script
    }
    let harness = try VisionHarness(service: service, source: "still.png")
    defer { harness.close() }
    #expect(harness.playToTheEnd())
    harness.terminal.press(.character("s"))
    #expect(harness.pump { harness.view.status == "Cannot save the frame: /pictures: permission denied" })
    #expect(harness.view.model.tone == .error)
  }

  @Test func stoppingTheModuleStopsItsSession() throws {
    // What stopping does to threads and the source is the session's (RecognitionPipelineTests).
    let service = FakeRecognitionService {
      FakeScript(name: $0, frames: 1_000_000, playback: .video(framesPerSecond: 100))
    }
    let harness = try VisionHarness(service: service, mode: .line)
    #expect(harness.pump { (harness.service.sessions.first?.framesSent ?? 0) > 3 })
    harness.input.stop()
    #expect(harness.service.sessions.first?.isStopped == true)
    harness.close()
  }
}
