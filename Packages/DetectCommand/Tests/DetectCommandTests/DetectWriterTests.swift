import FaceAnalysis
import Foundation
import System
import SystemTesting
import Testing

@testable import DetectCommand

/// The writers of `emotions detect`, in process, against texts written out by hand.
@Suite("detect's writers")
struct DetectWriterTests {
  static func face(box: [Int], happy: Float) -> RecognizedFace {
    let rest = (1 - happy) / 6
    return RecognizedFace(
      box: BoundingBox(x: box[0], y: box[1], width: box[2], height: box[3]),
      scores: EmotionScores { $0 == .happy ? happy : rest })
  }

  static func record(
    _ source: String, frame: Int, time: Double, width: Int = 1, height: Int = 1, faces: [RecognizedFace] = []
  ) -> DetectionRecord {
    DetectionRecord(
      key: FrameKey(source: source, frame: frame), time: time, width: width, height: height, faces: faces)
  }

  @Test func aJSONLineHasTheDocumentedKeysInOrderAndEscapesTheSource() {
    let scores: [Emotion: Float] = [.happy: 0.75, .sad: 0.25, .surprise: .nan]
    let record = Self.record(
      "a \"b\"\n\u{01}.png", frame: 3, time: 0.5, width: 640, height: 480,
      faces: [
        RecognizedFace(
          box: BoundingBox(x: 1, y: 2, width: 30, height: 40), scores: EmotionScores { scores[$0] ?? 0 })
      ])
    #expect(
      JSONLinesFormat.line(for: record)
        == #"{"source":"a \"b\"\n\u0001.png","frame":3,"time":0.5,"width":640,"height":480,"#
        + #""faces":[{"box":[1,2,30,40],"emotion":"happy","scores":{"angry":0,"disgust":0,"fear":0,"#
        + #""happy":0.75,"sad":0.25,"surprise":null,"neutral":0}}]}"#
    )
  }

  @Test func anEmbeddingFollowsTheKeypointsAsShortestFloats() {
    var face = Self.face(box: [1, 2, 3, 4], happy: 1)
    face.embedding = [0.6, -0.8, 0, 1e-7]
    let line = JSONLinesFormat.line(for: Self.record("p.png", frame: 0, time: 0, faces: [face]))
    #expect(line.hasSuffix(#""neutral":0},"embedding":[0.6,-0.8,0,1e-07]}]}"#), "\(line)")
  }

  @Test func aWholeSecondIsWrittenWithoutAFractionAndAFrameWithoutFacesHasAnEmptyList() {
    let record = Self.record("v.mp4", frame: 60, time: 2)
    #expect(
      JSONLinesFormat.line(for: record)
        == #"{"source":"v.mp4","frame":60,"time":2,"width":1,"height":1,"faces":[]}"#)
  }

  @Test func theTableHasOneRowPerFaceOrOneSayingNoFace() {
    #expect(
      TableFormat(tracks: false).header
        == "source                        frame     time  box                   emotion   score")
    let record = Self.record(
      "photo.jpg", frame: 0, time: 1.25, width: 100, height: 100,
      faces: [Self.face(box: [10, 20, 30, 30], happy: 0.9), Self.face(box: [5, 5, 8, 8], happy: 0.1)])
    #expect(
      TableFormat(tracks: false).lines(for: record) == [
        "photo.jpg                         0    1.250  [10,20,30,30]         happy     90%",
        "photo.jpg                         0    1.250  [5,5,8,8]             angry     15%",
      ])
    let empty = Self.record(String(repeating: "x", count: 40) + ".png", frame: 7, time: 0)
    #expect(
      TableFormat(tracks: false).lines(for: empty) == [
        "…xxxxxxxxxxxxxxxxxxxxxx.png       7    0.000  no face"
      ])
  }

  @Test func theTimelineDrawsOneLinePerLabelBrokenWhereAFrameHasNoFace() {
    let records = [
      Self.record("v", frame: 0, time: 0, faces: [Self.face(box: [0, 0, 9, 9], happy: 1)]),
      Self.record("v", frame: 1, time: 1),
      Self.record(
        "v", frame: 2, time: 2,
        faces: [Self.face(box: [0, 0, 2, 2], happy: 0), Self.face(box: [0, 0, 9, 9], happy: 0.4)]),
    ]
    let svg = TimelineSVG(title: "a <b> & \"c\"").render(records)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.hasSuffix("</svg>\n"))
    #expect(svg.contains("<title>a &lt;b&gt; &amp; &quot;c&quot;</title>"))
    // Seven labels, each broken in two by the frame without a face.
    #expect(svg.components(separatedBy: "<polyline").count - 1 == 14)
    // The largest face counts: happy is 1 at t=0 (top of the plot, y=40) and 0.4 at t=2.
    let happy = svg.split(separator: "\n").filter { $0.contains("<title>happy</title></polyline>") }
    #expect(happy.count == 2)
    #expect(happy.first?.contains("points=\"60.0,40.0\"") == true)
    #expect(happy.last?.contains("points=\"810.0,238.0\"") == true)
  }

  /// A face in a video has its person: a column in the table and in CSV, and `track` in JSON.
  @Test func aTrackedFaceSaysWhichPersonItIs() {
    var tracked = Self.face(box: [10, 20, 30, 30], happy: 0.9)
    tracked.track = FaceTrack(id: 2, emotion: .happy, scores: EmotionScores { $0 == .happy ? 0.5 : 0 })
    let record = Self.record(
      "v.mp4", frame: 4, time: 0.4, faces: [tracked, Self.face(box: [1, 1, 5, 5], happy: 0.1)])
    #expect(
      TableFormat().header
        == "source                        frame     time  person  box                   emotion   score")
    #expect(
      TableFormat().lines(for: record) == [
        "v.mp4                             4    0.400  #2      [10,20,30,30]         happy     90%",
        "v.mp4                             4    0.400          [1,1,5,5]             angry     15%",
      ])
    #expect(CSVFormat().header?.hasSuffix(",detector_confidence,track,track_emotion\r") == true)
    #expect(CSVFormat().lines(for: record).map { $0.hasSuffix(",2,happy\r") } == [true, false])
    #expect(CSVFormat().lines(for: record)[1].hasSuffix(",,\r"))
    #expect(
      JSONLinesFormat.line(for: record).contains(
        #""track":{"id":2,"emotion":"happy","scores":{"angry":0,"disgust":0,"fear":0,"happy":0.5,"sad":0,"#
          + #""surprise":0,"neutral":0}}}"#))
    #expect(JSONLinesFormat.line(for: record).components(separatedBy: "\"track\"").count == 2)
  }

  @Test func theProgressLineDrawsABarThenErasesIt() throws {
    let file = try TemporaryFile()
    var progress = ProgressLine(
      total: 4, label: "clip.mp4", streams: StandardStreams(output: -1, errors: file.descriptor),
      enabled: true)
    progress.advance()
    progress.clear()
    progress.clear()
    let bar = "[" + String(repeating: "█", count: 7) + String(repeating: "░", count: 23) + "] 1/4 clip.mp4"
    #expect(try file.text() == "\r\u{1B}[2K" + bar + "\r\u{1B}[2K")
  }

  @Test func aDisabledProgressLineWritesNothing() throws {
    let file = try TemporaryFile()
    var progress = ProgressLine(
      total: nil, label: "x", streams: StandardStreams(output: -1, errors: file.descriptor), enabled: false)
    progress.advance()
    progress.finish()
    #expect(try file.text() == "")
  }
}
