import Navigation
import Testing

@testable import DetectCommand
@testable import EmotionsApp

@Suite("Command line")
struct CommandLineParserTests {
  @Test func helpAndVersion() throws {
    #expect(try CommandLineParser.parse(["--help"]) == .help(topic: nil))
    #expect(try CommandLineParser.parse(["-V"]) == .version)
    #expect(try CommandLineParser.parse(["help", "detect"]) == .help(topic: "detect"))
    #expect(try CommandLineParser.parse(["detect", "--help"]) == .help(topic: "detect"))
  }

  @Test func interactiveWithALink() throws {
    let privacy = try DeepLink(path: ["about", "privacy"])
    #expect(
      try CommandLineParser.parse(["--open", "emotions://about/privacy"])
        == .interactive(.init(link: privacy)))
    #expect(try CommandLineParser.parse(["--open=about/privacy"]) == .interactive(.init(link: privacy)))
    #expect(try CommandLineParser.parse([]) == .interactive(.init()))
    #expect(try CommandLineParser.parse(["--fresh"]) == .interactive(.init(startsFresh: true)))
  }

  @Test func detectOptions() throws {
    let command = try CommandLineParser.parse([
      "detect", "a.jpg", "--json", "--min-size=80", "--scale-factor", "1.2", "--every", "3", "--shard", "2/4",
      "--", "-odd name.png",
    ])
    var expected = DetectOptions()
    expected.inputs = ["a.jpg", "-odd name.png"]
    expected.json = true
    expected.minSize = 80
    expected.scaleFactor = 1.2
    expected.every = 3
    expected.shard = .init(index: 1, count: 4)
    #expect(command == .detect(expected))
  }

  @Test func mergeOptions() throws {
    var options = MergeOptions()
    options.parts = ["part-2.csv", "-odd.csv", "part-1.csv"]
    options.output = "all.csv"
    options.overwrite = true
    #expect(
      try CommandLineParser.parse([
        "merge", "part-2.csv", "--output=all.csv", "--overwrite", "--", "-odd.csv", "part-1.csv",
      ])
        == .merge(options))
    #expect(try CommandLineParser.parse(["merge", "--help"]) == .help(topic: "merge"))
  }

  @Test func reportOptions() throws {
    var options = ReportOptions()
    options.records = ["-run.jsonl"]
    options.summary = "people.csv"
    options.output = "run.html"
    #expect(
      try CommandLineParser.parse([
        "report", "--summary", "people.csv", "--output=run.html", "--", "-run.jsonl",
      ])
        == .report(options))
    #expect(try CommandLineParser.parse(["report", "--help"]) == .help(topic: "report"))
    #expect(
      try CommandLineParser.parse(["detect", "clip.mp4", "--report", "clip.html"])
        == .detect(
          {
            var detect = DetectOptions()
            detect.inputs = ["clip.mp4"]
            detect.report = "clip.html"
            return detect
          }()))
  }

  @Test func formatsAnnotationAndGraphics() throws {
    guard
      case .detect(let options) = try CommandLineParser.parse([
        "detect", "a", "--format=csv", "--annotate", "out/",
      ])
    else {
      Issue.record("not detect")
      return
    }
    #expect(options.format == .csv && options.annotate == "out/" && !options.json)
    #expect(!options.resume && !options.overwrite && options.output == nil)
    guard
      case .detect(let resumed) = try CommandLineParser.parse([
        "detect", "a", "--json", "--output=part-1.jsonl", "--resume", "--overwrite",
      ])
    else { return }
    #expect(resumed.output == "part-1.jsonl" && resumed.resume && resumed.overwrite)
    guard case .detect(let json) = try CommandLineParser.parse(["detect", "a", "--json"]) else { return }
    #expect(json.format == .json)
    var interactive = InteractiveOptions()
    interactive.graphics = .sixel
    #expect(try CommandLineParser.parse(["--graphics", "sixel"]) == .interactive(interactive))
    #expect(GraphicsChoice.preference(option: nil, environment: [:]) == .auto)
    #expect(GraphicsChoice.preference(option: nil, environment: ["EMOTIONS_GRAPHICS": "Kitty"]) == .kitty)
    #expect(
      GraphicsChoice.preference(option: .blocks, environment: ["EMOTIONS_GRAPHICS": "kitty"]) == .blocks)
    #expect(GraphicsChoice.preference(option: nil, environment: ["EMOTIONS_GRAPHICS": "bogus"]) == .auto)
  }

  @Test func detectorOptionAndVariable() throws {
    guard
      case .detect(let options) = try CommandLineParser.parse(["detect", "a", "--detector=blazeface-short"])
    else {
      Issue.record("not detect")
      return
    }
    #expect(options.detector == .blazeFaceShort)
    var interactive = InteractiveOptions()
    interactive.detector = .blazeFace
    #expect(try CommandLineParser.parse(["--detector", "blazeface"]) == .interactive(interactive))
    #expect(try DetectorChoice.resolve(option: nil, environment: [:]) == .blazeFace)
    #expect(
      try DetectorChoice.resolve(option: nil, environment: ["EMOTIONS_DETECTOR": "BlazeFace"]) == .blazeFace)
    #expect(
      try DetectorChoice.resolve(option: .haar, environment: ["EMOTIONS_DETECTOR": "blazeface"]) == .haar)
    let resolved = try CommandLineParser.parse(["detect", "a"]).resolvingDetector(
      environment: ["EMOTIONS_DETECTOR": "blazeface-short"])
    guard case .detect(let settled) = resolved else { return }
    #expect(settled.detector == .blazeFaceShort)
  }

  @Test(
    arguments: [
      (["--open", "http://x"], "--open: Links must start with emotions://, not http://."),
      (["--open"], "--open needs a value"),
      (["frobnicate"], "unknown command “frobnicate”; the commands are detect, merge, report and routes"),
      (["--frob"], "unknown option --frob"),
      (["detect"], "detect needs at least one image, folder or video"),
      (["merge", "--output", "all.jsonl"], "merge needs the parts of a sharded run"),
      (["merge", "a.jsonl", "--frob"], "unknown option --frob for merge"),
      (["report", "a.jsonl"], "report needs --output <page.html> for the page of a.jsonl"),
      (["report", "a.jsonl", "--frob"], "unknown option --frob for report"),
      (["detect", "a", "--min-size", "0"], "--min-size must be a whole number of at least 1, not “0”"),
      (
        ["detect", "a", "--scale-factor", "1"],
        "--scale-factor must be a number above 1 and at most 4, not “1”"
      ),
      (["detect", "a", "--shard", "5/4"], "--shard must be K/N with 1 ≤ K ≤ N, such as 2/8, not “5/4”"),
      (["routes", "--format", "svg"], "--format must be tree, dot or mermaid, not “svg”"),
      (["detect", "a", "--format", "xml"], "--format must be table, json or csv, not “xml”"),
      (["--graphics", "png"], "--graphics must be auto, kitty, sixel or blocks, not “png”"),
      (
        ["detect", "a", "--detector", "mtcnn"],
        "--detector must be one of haar, blazeface, blazeface-short, not “mtcnn”"
      ),
      (
        ["detect", "a", "--json", "--resume"],
        "--resume continues the file of --output; give --output FILE too"
      ),
      (
        ["detect", "a", "--output", "o.txt", "--resume"],
        "--resume --output o.txt: a table cannot be continued; use --json or --format csv"
      ),
      (
        ["detect", "a", "--json", "--output", "o", "--resume", "--timeline", "t.svg"],
        "--resume cannot continue --timeline t.svg, drawn from the whole run; draw it in a run of its own"
      ),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try CommandLineParser.parse(arguments) }
  }
}
