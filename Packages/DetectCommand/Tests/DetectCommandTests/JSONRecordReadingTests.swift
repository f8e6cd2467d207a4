import FaceAnalysis
import Testing

@testable import DetectCommand

/// JSON lines read back by `JSONDecoder` (``JSONRecordLine``): whole records, torn ones,
/// foreign ones and a part's stamped ones, against texts written out by hand.
@Suite("JSON records read back")
struct JSONRecordReadingTests {
  /// A name that holds what a text search would trip on: a newline, quotes, a comma, a key.
  static let oddName = "a\n\"b\", \"frame\":7 é.png"

  static func read(_ text: String) -> Result<RecordFile, RecordFile.Problem> {
    JSONLinesFormat().read(Array(text.utf8))
  }

  /// A face with everything a face may carry: a confidence, keypoints, an embedding, a track.
  @Test func everyFieldOfAFaceIsReadBackAndWrittenAgainTheSame() throws {
    let line =
      #"{"source":"a\n\"b\", \"frame\":7 é.png","frame":12,"time":0.4,"width":64,"height":48,"faces":["#
      + #"{"box":[1,2,30,40],"emotion":"happy","scores":{"angry":0.1,"disgust":0,"fear":0,"happy":0.6,"#
      + #""sad":0.2,"surprise":0.05,"neutral":0.05},"detector_confidence":0.875,"#
      + #""keypoints":[[1.25,2.5],[3,4],[5,6],[7,8],[9,10],[11.75,12]],"embedding":[0.6,-0.8,0,1e-07],"#
      + #""track":{"id":3,"emotion":"sad","scores":{"angry":0,"disgust":0,"fear":0,"happy":0.25,"#
      + #""sad":0.75,"surprise":0,"neutral":0}}}]}"#
    let file = try Self.read(line + "\n").get()
    let entry = try #require(file.entries.first)
    #expect(file.entries.count == 1)
    #expect(entry.key == FrameKey(source: Self.oddName, frame: 12))
    #expect(entry.bytes == 0..<(line.utf8.count + 1))
    #expect(entry.stamp == nil && entry.hasPerson)
    let face = try #require(entry.frame?.faces.first)
    #expect(entry.frame?.time == 0.4)
    #expect(face.box == BoundingBox(x: 1, y: 2, width: 30, height: 40))
    #expect(face.scores.probabilities == [0.1, 0, 0, 0.6, 0.2, 0.05, 0.05])
    #expect(face.detectorConfidence == 0.875)
    #expect(face.keypoints.first == PixelPoint(x: 1.25, y: 2.5) && face.keypoints.count == 6)
    #expect(face.embedding == [0.6, -0.8, 0, 1e-7])
    #expect(face.track?.id == 3 && face.track?.emotion == .sad)
    #expect(face.track?.scores.probabilities == [0, 0, 0, 0.25, 0.75, 0, 0])
    #expect(entry.unstamped == line + "\n")
    #expect(file.wholeLength == line.utf8.count + 1)
  }

  /// `null` is what a score that is not a number is written as; it is NaN again, and written
  /// again as `null`.
  @Test func aNullScoreIsNaNAndAFaceWithoutExtrasHasNone() throws {
    let line =
      #"{"source":"p.png","frame":0,"time":0,"width":2,"height":2,"faces":[{"box":[0,0,1,1],"#
      + #""emotion":"angry","scores":{"angry":1.0,"disgust":0,"fear":0,"happy":0,"sad":0,"surprise":null,"#
      + #""neutral":0}}]}"#
    let entry = try #require(try Self.read(line + "\n").get().entries.first)
    let face = try #require(entry.frame?.faces.first)
    #expect(face.scores[.surprise].isNaN && face.scores[.angry] == 1)
    #expect(face.detectorConfidence == nil && face.keypoints.isEmpty && face.embedding == nil)
    #expect(face.track == nil && !entry.hasPerson)
    #expect(entry.unstamped == line + "\n")
  }

  /// What follows the last newline is a record a crash cut off: the file is whole up to it.
  @Test func aTornLastLineIsLeftOut() throws {
    let first = #"{"source":"a.png","frame":0,"time":0,"width":1,"height":1,"faces":[]}"# + "\n"
    let second = #"{"source":"b.png","frame":0,"time":0,"width":1,"height":1,"faces":[]}"# + "\n"
    let file = try Self.read(first + second + #"{"source":"c.png","frame":0,"ti"#).get()
    #expect(file.entries.map(\.key.source) == ["a.png", "b.png"])
    #expect(
      file.entries.map(\.bytes) == [0..<first.utf8.count, first.utf8.count..<(first + second).utf8.count])
    #expect(file.wholeLength == (first + second).utf8.count)
    #expect(try Self.read("").get() == RecordFile())
  }

  /// A line that is not a whole record of `detect --json` makes the file not records: a key
  /// missing, a score missing, a summary's row, an end-of-input line outside a part, CSV.
  @Test(arguments: [
    (#"{"source":"a.png","frame":0}"#, 1, false),
    (#"{"source":"a.png","frame":0,"time":0,"width":1,"height":1}"#, 1, false),
    (
      #"{"source":"a.png","frame":0,"time":0,"width":1,"height":1,"faces":[{"box":[0,0,1,1],"#
        + #""scores":{"angry":1}}]}"#, 1, false
    ),
    (
      #"{"source":"v.mp4","track":1,"first_time":0,"last_time":1,"frames":2,"emotion":"happy","#
        + #""scores":{"angry":0,"disgust":0,"fear":0,"happy":1,"sad":0,"surprise":0,"neutral":0}}"#, 1, false
    ),
    (#"{"source":"a.png","frame":null,"time":null,"width":null,"height":null,"faces":[]}"#, 1, false),
    ("source,frame,time,x,y,w,h,emotion", 1, true),
    (#"{"source":"a.png","frame":0,"time":0,"width":1,"height":1,"faces":[]}"# + "\nnot json", 2, false),
  ])
  func aForeignLineIsNotARecord(text: String, line: Int, otherFormat: Bool) {
    #expect(
      Self.read(text + "\n") == .failure(.notRecords(line: line, looksLikeOtherFormat: otherFormat)),
      "\(text)")
  }

  /// A part's lines carry their stamp; its end-of-input line is a record of no frame.
  @Test func aPartsLinesAreReadWithTheirStamps() throws {
    let text =
      #"{"source":"v.mp4","frame":3,"time":0.1,"width":4,"height":4,"faces":[],"#
      + #""shard":"1/2","input":"1/3","last":true,"run":"00aa"}"# + "\n"
      + #"{"source":"gone.png","frame":null,"time":null,"width":null,"height":null,"faces":[],"#
      + #""shard":"1/2","input":"3/3","last":true,"run":"00aa"}"# + "\n"
    let file = try Self.read(text).get()
    let shard = DetectOptions.Shard(index: 0, count: 2)
    #expect(
      file.entries.map(\.stamp) == [
        PartStamp(shard: shard, input: 0, inputCount: 3, last: true, run: "00aa"),
        PartStamp(shard: shard, input: 2, inputCount: 3, last: true, run: "00aa"),
      ])
    #expect(
      file.entries.map(\.key) == [
        FrameKey(source: "v.mp4", frame: 3), FrameKey(source: "gone.png", frame: -1),
      ])
    #expect(file.entries.map(\.isEndOfInput) == [false, true])
    #expect(
      file.entries.map(\.unstamped) == [
        #"{"source":"v.mp4","frame":3,"time":0.1,"width":4,"height":4,"faces":[]}"# + "\n", "",
      ])
    #expect(file.entries.last?.frame == nil)
  }

  /// A stamp that is not one (`3/2`) is refused, not read as no stamp.
  @Test func aBrokenStampIsRefused() {
    let line =
      #"{"source":"a.png","frame":0,"time":0,"width":1,"height":1,"faces":[],"#
      + #""shard":"3/2","input":"1/3","last":true,"run":"00aa"}"#
    #expect(Self.read(line + "\n") == .failure(.notRecords(line: 1, looksLikeOtherFormat: false)))
  }
}
