import FaceAnalysis
import Testing

@testable import DetectCommand

/// A shard's stamps, written by each format and read back, against texts written out by hand.
@Suite("part stamps")
struct PartStampTests {
  static let stamp = PartStamp(
    shard: DetectOptions.Shard(index: 1, count: 4), input: 5, inputCount: 12, last: true, run: "00ff")

  static let record = DetectionRecord(
    key: FrameKey(source: "a,b.png", frame: 0), time: 0, width: 2, height: 2, faces: [])

  @Test func aJSONRecordEndsWithItsStampAndLosesItWhole() throws {
    let line = JSONLinesFormat.line(for: Self.record, stamp: Self.stamp)
    #expect(
      line == #"{"source":"a,b.png","frame":0,"time":0,"width":2,"height":2,"faces":[],"#
        + #""shard":"2/4","input":"6/12","last":true,"run":"00ff"}"#)
    let read = try JSONLinesFormat().read(Array((line + "\n").utf8)).get()
    #expect(read.entries.map(\.stamp) == [Self.stamp])
    #expect(
      read.entries.map(\.unstamped)
        == [#"{"source":"a,b.png","frame":0,"time":0,"width":2,"height":2,"faces":[]}"# + "\n"])
  }

  @Test func aCSVRowEndsWithTheStampsColumnsAndLosesThem() throws {
    let format = CSVFormat(stamped: true, tracks: false)
    #expect(format.header == CSVFormat.headerRow + ",shard,input,last,run\r")
    let row = try #require(format.lines(for: Self.record, stamp: Self.stamp).first)
    // The source, frame and time, then 13 empty face fields (no face) and the stamp.
    let unstamped = "\"a,b.png\",0,0" + String(repeating: ",", count: 13)
    #expect(row == unstamped + ",2/4,6/12,true,00ff\r")
    let read = try format.read(Array((try #require(format.header) + "\n" + row + "\n").utf8)).get()
    #expect(read.header == CSVFormat.headerRow)
    #expect(read.entries.map(\.stamp) == [Self.stamp])
    #expect(read.entries.map(\.unstamped) == [unstamped + "\r\n"])
  }

  @Test func readBackAPartSaysWhichInputsEndedAndKeepsAFinalLastRecord() throws {
    for format in [DetectOptions.OutputFormat.json, .csv] {
      let records = format.records(stamped: true)
      var text = (records.header.map { $0 + "\n" } ?? "")
      var notLast = Self.stamp
      notLast.last = false
      text += records.lines(for: Self.record, stamp: notLast).joined(separator: "\n") + "\n"
      text +=
        records.endOfInput("photos", stamp: try #require(PartStamp(fields: ["2/4", "2/12", "true", "00ff"])))
        + "\n"
      text += records.lines(for: Self.record, stamp: Self.stamp).joined(separator: "\n") + "\n"
      let file = try records.read(Array(text.utf8)).get()
      #expect(file.entries.map(\.key.frame) == [0, -1, 0], "\(format)")
      #expect(file.entries.map { $0.stamp?.last } == [false, true, true], "\(format)")
      #expect(file.entries.map { $0.stamp?.input } == [5, 1, 5], "\(format)")
      #expect(file.wholeLength == text.utf8.count, "\(format)")
    }
  }

  @Test func theFingerprintChangesWithTheInputsAndOptionsButNotTheShard() {
    var options = DetectOptions()
    options.inputs = ["a.png", "b.mp4"]
    options.shard = DetectOptions.Shard(index: 0, count: 4)
    let base = PartStamping.fingerprint(of: options)
    var otherShard = options
    otherShard.shard = DetectOptions.Shard(index: 3, count: 4)
    otherShard.output = "elsewhere.jsonl"
    #expect(PartStamping.fingerprint(of: otherShard) == base)
    var otherInputs = options
    otherInputs.inputs = ["b.mp4", "a.png"]
    var otherEvery = options
    otherEvery.every = 2
    var otherCount = options
    otherCount.shard = DetectOptions.Shard(index: 0, count: 3)
    var untracked = options
    untracked.tracks = false
    var embedded = options
    embedded.embeddings = true
    for changed in [otherInputs, otherEvery, otherCount, untracked, embedded] {
      #expect(PartStamping.fingerprint(of: changed) != base)
    }
  }
}
