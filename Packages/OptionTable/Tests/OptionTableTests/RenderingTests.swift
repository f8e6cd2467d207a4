import Testing

@testable import OptionTable

@Suite("Rendering")
struct RenderingTests {
  static let tool = ToolDescription(
    name: "paint", version: "1.2", abstract: "paint things",
    commands: [Sample.table.description],
    environment: [Definition("PAINT_DIR", "where paint is")],
    exitStatuses: [Definition("0", "painted")], files: [Definition("/etc/paint", "settings")],
    examples: [Definition("paint -v a.txt", "Paints `a.txt`, saying more.")], seeAlso: ["ink(1)", "brush(7)"])

  @Test func helpListsTheVisibleOptionsWrappedFromTheirColumn() throws {
    let help = try #require(HelpPage(tool: Self.tool, width: 40).text(for: "paint"))
    #expect(
      help == """
        USAGE: paint paint <input>... [options]

        Paints every input.

        OPTIONS:
          -h, --help            show this help
          -v, --verbose         say more
          --color <c>           red (default),
                                green or blue;
                                the paint
          --count <n>           coats
          --output <file>       where the paint
                                goes

        Exit status: 0 when painted.
        """)
    #expect(HelpPage(tool: Self.tool).text(for: "other") == nil)
  }

  @Test func theManualPageIsRoffWithEveryVisibleOptionAndSection() {
    let roff = ManualPage(tool: Self.tool).roff
    let lines = roff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == #".TH PAINT 1 "" "paint 1.2" "User Commands""#)
    #expect(lines.contains(#"paint \- paint things"#))
    #expect(lines.contains(#"\fB\-h\fR, \fB\-\-help\fR"#))
    #expect(lines.contains(#"\fB\-\-output\fR \fIfile\fR"#))
    #expect(lines.contains(#"Paints \fBa.txt\fR, saying more."#))
    #expect(!roff.contains("secret"))
    for section in ["NAME", "SYNOPSIS", "COMMANDS", "ENVIRONMENT", #""EXIT STATUS""#, "FILES", "EXAMPLES"] {
      #expect(lines.contains(".SH \(section)"), "\(section)")
    }
    #expect(lines.suffix(3) == [".BR ink (1) ,", ".BR brush (7)", ""])
  }

  @Test func roffEscapesBackslashesHyphensAndLeadingDots() {
    #expect(ManualPage.escape(#"a\b-c"#) == #"a\eb\-c"#)
    #expect(ManualPage.escape(".hidden") == #"\&.hidden"#)
    #expect(ManualPage.escape("'quote") == #"\&'quote"#)
    #expect(ManualPage.inline("run `x -y` now") == #"run \fBx \-y\fR now"#)
  }

  @Test func completionSummariesDropAsidesAndStopAtTheFirstClause() {
    #expect(CompletionScript.summary("red (default), green or blue; the paint") == "red, green or blue")
    #expect(CompletionScript.summary("draw it: a video (H.264) becomes") == "draw it")
    let long = String(repeating: "word ", count: 20)
    #expect(CompletionScript.summary(long).count <= 61 && CompletionScript.summary(long).hasSuffix("…"))
  }

  @Test func completionScriptsOfferTheChoicesFilesAndVisibleOptions() {
    let bash = CompletionScript(tool: Self.tool, shell: .bash).text
    #expect(
      bash.contains("--color) mapfile -t COMPREPLY < <(compgen -W 'red green blue' -- \"$cur\"); return ;;"))
    #expect(bash.contains("--output) compopt -o filenames"))
    #expect(bash.hasSuffix("complete -F _paint paint\n") && !bash.contains("secret"))
    let zsh = CompletionScript(tool: Self.tool, shell: .zsh).text
    #expect(zsh.hasPrefix("#compdef paint\n"))
    #expect(zsh.contains("'--color=[red, green or blue]:c:(red green blue)'"))
    #expect(zsh.contains("'*:input:_files'"))
    let fish = CompletionScript(tool: Self.tool, shell: .fish).text
    let paint = "complete -c paint -n '__fish_seen_subcommand_from paint'"
    #expect(fish.contains("complete -c paint -n __fish_use_subcommand -a 'paint' -d 'paint the inputs'"))
    #expect(fish.contains("\(paint) -s v -l verbose -d 'say more'"))
    #expect(fish.contains("\(paint) -l color -x -a 'red green blue' -d 'red, green or blue'"))
    #expect(fish.contains("\(paint) -l output -r -F -d 'where the paint goes'"))
  }

  @Test func quotingSurvivesQuotes() {
    #expect(BashCompletion.quote("it's") == #"'it'\''s'"#)
    #expect(ZshCompletion.escapeBrackets("a[b]:c") == #"a\[b\]\:c"#)
    #expect(FishCompletion.quote(#"it's \ ok"#) == #"'it\'s \\ ok'"#)
  }
}
