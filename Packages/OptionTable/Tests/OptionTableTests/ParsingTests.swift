import Testing

@testable import OptionTable

/// A small tool's options, to parse and render: a flag, a choice, a number, a file and
/// operands, with a check.
struct Sample: Equatable, Sendable {
  enum Color: String, CaseIterable, Sendable { case red, green, blue }

  var verbose = false
  var color = Color.red
  var count = 1
  var output: String?
  var inputs: [String] = []

  static let table = CommandTable<Sample>(
    name: "paint", synopsis: "paint <input>... [options]", abstract: "paint the inputs",
    discussion: ["Paints every input."], notes: ["Exit status: 0 when painted."],
    options: [
      .help("-h", "--help", help: "show this help"),
      .flag("-v", "--verbose", help: "say more") { $0.verbose = true },
      .choice("--color", valueName: "c", help: "red (default), green or blue; the paint") { $0.color = $1 },
      .integer("--count", valueName: "n", atLeast: 1, help: "coats") { $0.count = $1 },
      .value("--output", value: OptionValue("file", .file), help: "where the paint goes") { $0.output = $1 },
      .flag("--secret", help: "not shown", hidden: true) { $0.verbose = true },
    ],
    operands: Operands(OptionValue("input", .path)) { $0.inputs.append($1) },
    check: { (sample: Sample) throws(UsageError) in
      guard !sample.inputs.isEmpty else { throw UsageError("paint needs an input") }
    })
}

@Suite("Parsing")
struct ParsingTests {
  @Test func optionsTakeTheirValueNextOrAfterEquals() throws {
    let result = try Sample.table.parse(
      ["a", "--color", "blue", "--count=3", "-v", "--output=o.txt", "-", "--", "--b"], into: Sample())
    var expected = Sample()
    expected.inputs = ["a", "-", "--b"]
    expected.color = .blue
    expected.count = 3
    expected.verbose = true
    expected.output = "o.txt"
    #expect(result == .parsed(expected))
  }

  @Test func helpStopsBeforeTheCheckAndLaterMistakes() throws {
    #expect(try Sample.table.parse(["--help", "--frob"], into: Sample()) == .help)
    #expect(try Sample.table.parse(["x", "-h"], into: Sample()) == .help)
  }

  @Test(
    arguments: [
      (["a", "--color", "pink"], "--color must be red, green or blue, not “pink”"),
      (["a", "--count", "0"], "--count must be a whole number of at least 1, not “0”"),
      (["a", "--count=x"], "--count must be a whole number of at least 1, not “x”"),
      (["a", "--output"], "--output needs a value"),
      (["a", "--frob=1"], "unknown option --frob=1 for paint"),
      (["--verbose"], "paint needs an input"),
    ])
  func mistakesAreOneSentence(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try Sample.table.parse(arguments, into: Sample()) }
  }

  @Test func aCommandWithoutOperandsNamesTheStrayArgument() throws {
    let table = CommandTable<Int>(
      name: "count", synopsis: "count", abstract: "count",
      options: [.version("-V", "--version", help: "version")])
    #expect(throws: UsageError("unexpected argument x for count")) { try table.parse(["x"], into: 0) }
    #expect(throws: UsageError("unknown option -- for count")) { try table.parse(["--"], into: 0) }
    #expect(try table.parse(["-V", "x"], into: 0) == .version)
  }

  @Test func alternativesReadAsASentence() {
    #expect(Option<Int>.alternatives(["a"]) == "a")
    #expect(Option<Int>.alternatives(["a", "b"]) == "a or b")
    #expect(Option<Int>.alternatives(["a", "b", "c"]) == "a, b or c")
  }
}
