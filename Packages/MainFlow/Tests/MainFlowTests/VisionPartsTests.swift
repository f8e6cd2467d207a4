import FaceAnalysisInterface
import FaceAnalysisTesting
import Foundation
import TerminalUI
import Testing

@testable import MainFlow

@Suite("Vision parts")
struct VisionPartsTests {
  static func frame(index: Int = 0, time: Double = 0, faces: [RecognizedFace]) throws -> RecognizedFrame {
    RecognizedFrame(
      index: index, time: time, name: "/videos/clip.mp4",
      image: try RGBImage(width: 4, height: 4, red: 0, green: 0, blue: 0),
      faces: faces, detectionSeconds: 0.02, classificationSeconds: 0.01)
  }

  static let sad = FakeScript.face(x: 0, y: 0, width: 10, height: 10, scores: [0, 0, 0, 0.1, 0.8, 0, 0.1])
  static let happy = FakeScript.face(
    x: 5, y: 5, width: 20, height: 20, scores: [0, 0, 0, 0.9, 0.05, 0, 0.05])

  /// Scores where only anger has a score, `angry`.
  static func angry(_ angry: Float) -> EmotionScores { EmotionScores { $0 == .angry ? angry : 0 } }

  @Test func theHistoryKeepsTheLastSecondsAndStaysSmall() {
    var history = ScoreHistory(span: 2, capacity: 5)
    for step in 0..<10 { history.add(time: Double(step) * 0.5, scores: Self.angry(Float(step) / 10)) }
    #expect(history.samples.map(\.time) == [2.5, 3, 3.5, 4, 4.5])
    history = ScoreHistory(span: 2, capacity: 100)
    for step in 0..<10 {
      history.add(time: Double(step) * 0.5, scores: step == 9 ? nil : Self.angry(Float(step) / 10))
    }
    #expect(history.samples.map(\.time) == [2.5, 3, 3.5, 4, 4.5], "older than 2 s before the newest goes")
    #expect(history.values(of: .angry) == [0.5, 0.6, 0.7, 0.8, 0].map { Double(Float($0)) })
    history.add(time: 0, scores: Self.angry(1))
    #expect(history.samples.count == 1, "time going backwards (a new run) starts again")
  }

  /// The rows of the people panel: everyone in id order when they fit; otherwise those in view
  /// (in id order), then those out of view, seen most recently first (ties in id order).
  @Test func thePeopleInViewTakeTheRowsFirstWhenTheyAreShort() {
    let seen: [(Int, Bool, Double)] = [
      (1, false, 3), (2, true, 9), (3, false, 7), (4, true, 9), (5, false, 7),
    ]
    let people = seen.map { id, inView, time in
      VisionViewModel.Person(name: "#\(id)", emotion: "happy", values: [], isInView: inView, lastSeen: time)
    }
    let rows = { (count: Int) in VisionViewModel.Person.rows(of: people, count: count).map(\.name) }
    #expect(rows(5) == ["#1", "#2", "#3", "#4", "#5"])
    #expect(rows(9) == ["#1", "#2", "#3", "#4", "#5"])
    #expect(rows(4) == ["#2", "#4", "#3", "#5"])
    #expect(rows(3) == ["#2", "#4", "#3"])
    #expect(rows(1) == ["#2"])
    #expect(rows(0).isEmpty && rows(-1).isEmpty)
  }

  @Test func theSparklineShowsTheNewestValuesThatFit() {
    let line = Sparkline([0, 0.5, 1, 0.25, 2, -1, .nan])
    #expect(line.text(width: 10) == "▁▅█▃█▁▁")
    #expect(line.text(width: 3) == "█▁▁")
    var canvas = Canvas(size: Size(width: 4, height: 1))
    line.draw(into: &canvas)
    #expect(canvas.text == "▃█▁▁")
  }

  @Test func reportLines() throws {
    let video = try Self.frame(index: 12, time: 1.2, faces: [Self.happy, Self.sad])
    #expect(
      VisionReport.line(for: video, playback: .video(framesPerSecond: 10))
        == "frame 12 (1.20 s): 2 faces: happy 90% at 5,5 20x20; sad 80% at 0,0 10x10")
    #expect(
      VisionReport.line(for: try Self.frame(faces: []), playback: .live(framesPerSecond: 30, isCamera: true))
        == "frame 0 (0.00 s): no face")
    #expect(
      VisionReport.line(for: video, playback: .slideShow(count: 3)).hasPrefix("/videos/clip.mp4: 2 faces: "))
  }

}
