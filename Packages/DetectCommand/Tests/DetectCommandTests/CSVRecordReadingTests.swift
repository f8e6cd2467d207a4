import FaceAnalysis
import Testing

@testable import DetectCommand

/// CSV records written and read back through the RFC 4180 codec (``CSV``, ``CSVRow``), never
/// split by lines, against rows written out by hand.
@Suite("CSV rows and records")
struct CSVRecordReadingTests {
  static let header = CSVFormat.headerRow(tracks: true, stamped: false)

  static func face(_ box: [Int], happy: Float, confidence: Float? = nil) -> RecognizedFace {
    RecognizedFace(
      box: BoundingBox(x: box[0], y: box[1], width: box[2], height: box[3]),
      scores: EmotionScores { $0 == .happy ? happy : $0 == .sad ? 1 - happy : 0 },
      detectorConfidence: confidence)
  }

  static func read(_ text: String) -> Result<RecordFile, RecordFile.Problem> {
    CSVFormat().read(Array(text.utf8))
  }

  @Test func theCodecQuotesWhatNeedsItAndReadsItBack() throws {
    let fields = ["plain", "a,b", "say \"hi\"", "two\nlines", "cr\r\nlf", " padded", ""]
    let line = CSV.line(fields)
    #expect(line == "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\r\nlf\",\" padded\",")
    let bytes = Array((line + "\r\nnext,row\n").utf8)
    let (read, end) = try #require(CSV.row(in: bytes, from: 0))
    #expect(read == fields)
    #expect(try #require(CSV.row(in: bytes, from: end)).fields == ["next", "row"])
    #expect(CSV.row(in: Array("\"open,\n".utf8), from: 0) == nil, "a quote still open is no whole row")
    #expect(CSV.row(in: Array("no,ending".utf8), from: 0) == nil)
  }

  @Test func aFacesRowHasEveryColumnAndAFrameWithoutAFaceHasThemEmpty() throws {
    var tracked = Self.face([1, 2, 30, 40], happy: 0.75, confidence: 0.5)
    tracked.track = FaceTrack(id: 2, emotion: .happy, scores: tracked.scores)
    let record = DetectionRecord(
      key: FrameKey(source: "a, \"b\".mp4", frame: 3), time: 0.125, width: 9, height: 9,
      faces: [tracked, Self.face([5, 6, 7, 8], happy: 0.25)])
    #expect(
      CSVFormat().lines(for: record) == [
        "\"a, \"\"b\"\".mp4\",3,0.125,1,2,30,40,happy,0,0,0,0.75,0.25,0,0,0.5,2,happy\r",
        "\"a, \"\"b\"\".mp4\",3,0.125,5,6,7,8,sad,0,0,0,0.25,0.75,0,0,,,\r",
      ])
    let empty = DetectionRecord(
      key: FrameKey(source: "p.png", frame: 0), time: 0, width: 1, height: 1, faces: [])
    #expect(
      CSVFormat(tracks: false).lines(for: empty) == ["p.png,0,0" + String(repeating: ",", count: 13) + "\r"])
  }

  @Test func aRowReadBackIsTheRowWritten() throws {
    let row = CSVRow(
      source: "x", frame: 4, time: 1.5, face: Self.face([1, 1, 2, 2], happy: 1, confidence: 0.25),
      person: CSVRow.Person(id: 7, emotion: .happy))
    let fields = row.fields(tracks: true)
    #expect(
      fields == [
        "x", "4", "1.5", "1", "1", "2", "2", "happy", "0", "0", "0", "1.0", "0", "0", "0", "0.25", "7",
        "happy",
      ],
      "a probability of 1 is Float's own text, 1.0")
    #expect(CSVRow(fields: fields[...], tracks: true) == row)
    var withoutPerson = row
    withoutPerson.person = nil
    #expect(CSVRow(fields: fields.dropLast(2), tracks: false) == withoutPerson)
    #expect(CSVRow(fields: fields[...], tracks: false) == nil, "two columns too many")
    var badScore = fields
    badScore[9] = "much"
    #expect(CSVRow(fields: badScore[...], tracks: true) == nil)
    var badEmotion = fields
    badEmotion[7] = "glad"
    #expect(CSVRow(fields: badEmotion[...], tracks: true) == nil)
    #expect(CSVRow(fields: (["gone.png"] + Array(repeating: "", count: 17))[...], tracks: true)?.frame == nil)
  }

  /// Rows do not say how many faces their frame has: the last frame's rows are done again, and
  /// a name with a newline, quotes and commas is one field, not two rows.
  @Test func aFramesRowsAreOneRecordAndTheLastFrameIsLeftOut() throws {
    let odd = "\"a\n\"\"b\"\", c é.png\""
    let first =
      "\(odd),0,0,1,2,3,4,happy,0,0,0,1.0,0,0,0,,,\r\n\(odd),0,0,5,6,7,8,happy,0,0,0,1.0,0,0,0,,,\r\n"
    let second = "b.png,0,0" + String(repeating: ",", count: 15) + "\r\n"
    let last = "c.png,0,0,1,1,1,1,happy,0,0,0,1.0,0,0,0,,,\r\n"
    let head = Self.header + "\r\n"
    for text in [head + first + second + last, head + first + second + last + "c.png,0,0,2,2"] {
      let file = try Self.read(text).get()
      #expect(file.header == Self.header)
      #expect(
        file.entries.map(\.key) == [
          FrameKey(source: "a\n\"b\", c é.png", frame: 0), FrameKey(source: "b.png", frame: 0),
        ])
      #expect(file.entries.map { $0.frame?.faces.count } == [2, 0])
      #expect(file.entries.first?.frame?.faces.last?.box == BoundingBox(x: 5, y: 6, width: 7, height: 8))
      #expect(file.entries.map(\.unstamped) == [first, second])
      #expect(file.wholeLength == (head + first + second).utf8.count)
    }
  }

  /// A file cut off in its header starts again; anything else that is not records is refused,
  /// JSON lines said to be the other format.
  @Test func aCutHeaderIsNothingAndAForeignFileIsRefused() {
    #expect(Self.read("source,frame,ti") == .success(RecordFile()))
    #expect(Self.read("") == .success(RecordFile()))
    #expect(Self.read("name,age\r\nbob,3\r\n") == .failure(.notRecords(line: 1, looksLikeOtherFormat: false)))
    #expect(
      Self.read(#"{"source":"a.png","frame":0}"# + "\n")
        == .failure(.notRecords(line: 1, looksLikeOtherFormat: true)))
    #expect(
      Self.read(Self.header + "\r\na.png,zero,0" + String(repeating: ",", count: 15) + "\r\n")
        == .failure(.notRecords(line: 2, looksLikeOtherFormat: false)))
    #expect(
      Self.read(Self.header + "\r\na.png,0,0,,,\r\n")
        == .failure(.notRecords(line: 2, looksLikeOtherFormat: false)),
      "too few fields")
  }

  /// A part's rows carry the stamp's four columns: its last frame is kept when its stamp says
  /// it ends its input, and an end-of-input row is a record of no frame.
  @Test func aPartsRowsKeepTheirLastFrameWhenItEndsItsInput() throws {
    let format = CSVFormat(stamped: true, tracks: false)
    let header = try #require(format.header)
    let rows =
      "v.mp4,0,0,1,1,1,1,happy,0,0,0,1.0,0,0,0,,1/2,1/3,false,00aa\r\n"
      + "v.mp4,1,0.5,1,1,1,1,happy,0,0,0,1.0,0,0,0,,1/2,1/3,true,00aa\r\n"
      + "gone.png" + String(repeating: ",", count: 15) + ",1/2,3/3,true,00aa\r\n"
    let file = try format.read(Array((header + "\n" + rows).utf8)).get()
    #expect(file.header == CSVFormat.headerRow(tracks: false, stamped: false))
    #expect(file.entries.map(\.key.frame) == [0, 1, -1])
    #expect(file.entries.map { $0.stamp?.last } == [false, true, true])
    #expect(file.entries.map { $0.stamp?.input } == [0, 0, 2])
    #expect(file.entries[1].unstamped == "v.mp4,1,0.5,1,1,1,1,happy,0,0,0,1.0,0,0,0,\r\n")
    #expect(file.wholeLength == (header + "\n" + rows).utf8.count)
    #expect(
      format.read(Array((header + "\na.png,0,0" + String(repeating: ",", count: 13) + "\r\n").utf8))
        == .failure(.notRecords(line: 2, looksLikeOtherFormat: false)), "a part's row without its stamp")
  }
}
