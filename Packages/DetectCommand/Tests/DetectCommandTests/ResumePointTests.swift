import FaceAnalysis
import Testing

@testable import DetectCommand

/// What `--resume` makes of the file a killed run left (``ResumePoint``): which inputs are
/// done, which comes first, where the file is cut and what is refused, against files written
/// out by hand.
@Suite("resume points")
struct ResumePointTests {
  static func line(_ source: String, frame: Int, time: Double = 0, happy: Bool = false) -> String {
    let faces =
      happy
      ? #"{"box":[1,2,3,4],"emotion":"happy","scores":{"angry":0,"disgust":0,"fear":0,"happy":1.0,"sad":0,"#
        + #""surprise":0,"neutral":0}}"# : ""
    return
      #"{"source":\#(JSONLinesFormat.quoted(source)),"frame":\#(frame),"time":\#(RecordNumber.text(time)),"#
      + #""width":8,"height":8,"faces":[\#(faces)]}"# + "\n"
  }

  static func point(
    _ text: String, format: DetectOptions.OutputFormat = .json, sources: Set<String>
  ) -> Result<ResumePoint, OutputOptionError> {
    ResumePoint.read(Array(text.utf8), of: "out", format: format, sources: sources)
  }

  /// A photo is done once its record is there, a video once another source's record follows
  /// it; the last source may have been cut off midway, so it is not done and comes first.
  @Test func whatIsDoneAndWhatComesFirst() throws {
    let text =
      Self.line("a.png", frame: 0) + Self.line("v.mp4", frame: 0) + Self.line("v.mp4", frame: 5, time: 0.2)
      + Self.line("b.png", frame: 0) + Self.line("w.mp4", frame: 0, happy: true) + #"{"source":"w.mp4","fr"#
    let point = try Self.point(text, sources: ["a.png", "b.png", "c.png", "v.mp4", "w.mp4"]).get()
    #expect(point.isDone("a.png", kind: .image) && point.isDone("b.png", kind: .image))
    #expect(!point.isDone("c.png", kind: .image))
    #expect(point.isDone("v.mp4", kind: .video))
    #expect(!point.isDone("w.mp4", kind: .video), "the last source may be cut off")
    #expect(!point.isDone("photos", kind: .folder), "a folder is gone through again")
    #expect(point.lastSource == "w.mp4")
    #expect(point.ordered(["a.png", "w.mp4", "c.png"], by: { $0 }) == ["w.mp4", "a.png", "c.png"])
    #expect(point.keptLength == text.utf8.count - #"{"source":"w.mp4","fr"#.utf8.count)
    #expect(point.frames(of: "v.mp4").map(\.index) == [0, 5])
    #expect(point.frames(of: "v.mp4").map(\.frame.time) == [0, 0.2])
    #expect(
      point.frames(of: "w.mp4").first?.frame.faces.map(\.box) == [
        BoundingBox(x: 1, y: 2, width: 3, height: 4)
      ])
    #expect(point.isFinished(inputAt: 0) == nil, "not a part: the records say nothing of inputs")
    #expect(!point.isPart && !point.hasHeader)
  }

  /// In a part, the stamps say which inputs ended, whatever follows them.
  @Test func aPartsStampsSayWhichInputsEnded() throws {
    let stamp = #","shard":"2/2","input":"2/4","last":true,"run":"00aa"}"#
    let text =
      String(Self.line("v.mp4", frame: 0).dropLast(2)) + stamp + "\n"
      + #"{"source":"x.png","frame":null,"time":null,"width":null,"height":null,"faces":[],"#
      + #""shard":"2/2","input":"4/4","last":true,"run":"00aa"}"# + "\n"
    let point = try Self.point(text, sources: ["v.mp4", "x.png"]).get()
    #expect(point.isPart)
    #expect(point.finishedInputs == [1, 3])
    #expect(point.isFinished(inputAt: 1) == true && point.isFinished(inputAt: 3) == true)
    #expect(point.isFinished(inputAt: 0) == false)
    #expect(point.recorded == [FrameKey(source: "v.mp4", frame: 0)], "an end-of-input line records no frame")
  }

  /// CSV's last frame is always done again: its rows may not all be there.
  @Test func csvKeepsItsHeaderAndDropsItsLastFrame() throws {
    let header = CSVFormat.headerRow(tracks: true, stamped: false) + "\r\n"
    let first = "a.png,0,0,1,1,1,1,happy,0,0,0,1.0,0,0,0,,,\r\n"
    let text = header + first + "b.png,0,0,1,1,1,1,happy,0,0,0,1.0,0,0,0,,,\r\n"
    let point = try Self.point(text, format: .csv, sources: ["a.png", "b.png"]).get()
    #expect(point.hasHeader)
    #expect(point.recorded == [FrameKey(source: "a.png", frame: 0)])
    #expect(point.keptLength == (header + first).utf8.count)
  }

  /// A file of other sources, of the other format or of anything else is refused with one line.
  @Test func anotherRunsFileIsRefused() {
    let json = Self.line("elsewhere.png", frame: 0)
    #expect(
      Self.point(json, sources: ["a.png"])
        == .failure(
          OutputOptionError(
            "--resume --output out holds records of elsewhere.png, which this run does not read; resume with "
              + "the inputs (and --shard) of the run that wrote it, or give another --output")))
    #expect(
      Self.point(json, format: .csv, sources: ["elsewhere.png"])
        == .failure(
          OutputOptionError(
            "--resume --output out holds JSON lines (--json), not CSV (--format csv); resume with the format "
              + "that wrote it")))
    #expect(
      Self.point("hello\n", sources: ["a.png"])
        == .failure(
          OutputOptionError(
            "--resume --output out: line 1 is not a record of emotions detect in JSON lines (--json); give "
              + "another --output, or remove the file to start again")))
    #expect(Self.point("", sources: []) == .success(ResumePoint()))
  }
}
