import FaceAnalysis
import Testing

@testable import DetectCommand

/// `--summary` files written and read back by the records' parsers, against rows written out
/// by hand.
@Suite("summaries read back")
struct SummaryReadingTests {
  static let row = SummaryRow(
    source: "a, \"b\"\n.mp4", track: 2, firstTime: 0.5, lastTime: 3, frames: 12, emotion: .happy,
    meanScores: EmotionScores(modelOrder: [0.1, 0, 0, 0.7, 0.1, 0.05, 0.05]) ?? EmotionScores { _ in 0 })
  static let stamp = PartStamp(
    shard: DetectOptions.Shard(index: 0, count: 2), input: 4, inputCount: 6, last: true, run: "00aa")

  @Test func aCSVSummaryIsReadBackWithItsStamps() throws {
    let text = SummaryFormat.csv.text([(Self.row, Self.stamp)], stamped: true)
    #expect(
      text
        == "source,track,first_time,last_time,frames,emotion,angry,disgust,fear,happy,sad,surprise,neutral,"
        + "shard,input,last,run\r\n\"a, \"\"b\"\"\n.mp4\",2,0.5,3,12,happy,0.1,0,0,0.7,0.1,0.05,0.05,1/2,5/6,true,00aa\r\n"
    )
    let read = try #require(SummaryFormat.read(Array(text.utf8)))
    #expect(read.format == .csv)
    #expect(read.rows.map(\.row) == [Self.row] && read.rows.map(\.stamp) == [Self.stamp])
  }

  @Test func aJSONSummaryIsReadBackWithItsStamps() throws {
    let text = SummaryFormat.json.text([(Self.row, Self.stamp), (Self.row, nil)], stamped: true)
    #expect(
      text.hasPrefix(
        #"{"source":"a, \"b\"\n.mp4","track":2,"first_time":0.5,"last_time":3,"frames":12,"emotion":"happy","#
          + #""scores":{"angry":0.1,"disgust":0,"fear":0,"happy":0.7,"sad":0.1,"surprise":0.05,"neutral":0.05},"#
          + #""shard":"1/2","input":"5/6","last":true,"run":"00aa"}"# + "\n"))
    let read = try #require(SummaryFormat.read(Array(text.utf8)))
    #expect(read.format == .json)
    #expect(read.rows.map(\.row) == [Self.row, Self.row] && read.rows.map(\.stamp) == [Self.stamp, nil])
  }

  /// Records, a cut-off file and text are not summaries; an empty file is one without people.
  @Test func whatIsNotASummary() throws {
    let summary = SummaryFormat.json.text([(Self.row, nil)], stamped: false)
    #expect(SummaryFormat.read(Array(summary.dropLast().utf8)) == nil, "cut off")
    #expect(SummaryFormat.read(Array((CSVFormat.headerRow + "\r\n").utf8)) == nil)
    let record = #"{"source":"a.png","frame":0,"time":0,"width":1,"height":1,"faces":[]}"# + "\n"
    #expect(SummaryFormat.read(Array(record.utf8)) == nil)
    #expect(try #require(SummaryFormat.read([])).rows.isEmpty)
    #expect(SummaryPart.isSummary([]) && !SummaryPart.isSummary(Array(record.utf8)))
    let unstamped = try #require(SummaryPart.read("p.jsonl", bytes: Array(summary.utf8)))
    #expect(
      throws: MergeError("p.jsonl is not a summary of a sharded run: its rows have no shard"),
      performing: { try unstamped.get() })
  }
}
