import Foundation
import System
import SystemTesting
import Testing

@testable import DetectCommand

/// The writers of `emotions detect`, in process, against texts written out by hand.
@Suite("detect's writers")
struct DetectWriterTests {
  static let labels = ["angry", "disgust", "fear", "happy", "sad", "surprise", "neutral"]

  static func face(box: [Int], happy: Float) -> DetectionRecord.Face {
    let rest = (1 - happy) / 6
    return DetectionRecord.Face(
      box: box, emotion: happy > rest ? "happy" : "angry",
      scores: labels.map { ($0, $0 == "happy" ? happy : rest) })
  }

  @Test func aJSONLineHasTheDocumentedKeysInOrderAndEscapesTheSource() {
    let record = DetectionRecord(
      source: "a \"b\"\n\u{01}.png", frame: 3, time: 0.5, width: 640, height: 480,
      faces: [
        DetectionRecord.Face(
          box: [1, 2, 30, 40], emotion: "happy",
          scores: [("happy", 0.75), ("sad", 0.25), ("fear", 0), ("angry", .nan)])
      ])
    #expect(
      JSONLineWriter.line(for: record)
        == #"{"source":"a \"b\"\n\u0001.png","frame":3,"time":0.5,"width":640,"height":480,"#
        + #""faces":[{"box":[1,2,30,40],"emotion":"happy","scores":{"happy":0.75,"sad":0.25,"fear":0,"angry":null}}]}"#
    )
  }

  @Test func aWholeSecondIsWrittenWithoutAFractionAndAFrameWithoutFacesHasAnEmptyList() {
    let record = DetectionRecord(source: "v.mp4", frame: 60, time: 2, width: 1, height: 1, faces: [])
    #expect(
      JSONLineWriter.line(for: record)
        == #"{"source":"v.mp4","frame":60,"time":2,"width":1,"height":1,"faces":[]}"#)
  }

  @Test func theTableHasOneRowPerFaceOrOneSayingNoFace() {
    #expect(
      TableWriter().header
        == "source                        frame     time  box                   emotion   score")
    let record = DetectionRecord(
      source: "photo.jpg", frame: 0, time: 1.25, width: 100, height: 100,
      faces: [Self.face(box: [10, 20, 30, 30], happy: 0.9), Self.face(box: [5, 5, 8, 8], happy: 0.1)])
    #expect(
      TableWriter().lines(for: record) == [
        "photo.jpg                         0    1.250  [10,20,30,30]         happy     90%",
        "photo.jpg                         0    1.250  [5,5,8,8]             angry     15%",
      ])
    let empty = DetectionRecord(
      source: String(repeating: "x", count: 40) + ".png", frame: 7, time: 0, width: 1, height: 1, faces: [])
    #expect(
      TableWriter().lines(for: empty) == ["…xxxxxxxxxxxxxxxxxxxxxx.png       7    0.000  no face"])
  }

  @Test func theTimelineDrawsOneLinePerLabelBrokenWhereAFrameHasNoFace() {
    let records = [
      DetectionRecord(
        source: "v", frame: 0, time: 0, width: 1, height: 1, faces: [Self.face(box: [0, 0, 9, 9], happy: 1)]),
      DetectionRecord(source: "v", frame: 1, time: 1, width: 1, height: 1, faces: []),
      DetectionRecord(
        source: "v", frame: 2, time: 2, width: 1, height: 1,
        faces: [Self.face(box: [0, 0, 2, 2], happy: 0), Self.face(box: [0, 0, 9, 9], happy: 0.4)]),
    ]
    let svg = TimelineSVG(labels: Self.labels, title: "a <b> & \"c\"").render(records)
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
