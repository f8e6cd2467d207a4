import Foundation
import OptionTable
import Testing

@testable import EmotionsApp

/// The manual page and completion scripts are printed by the binary from the same tables the
/// parser reads (OptionTable); `Tools/check-package` runs them in the real shells.
@Suite("Manual and completions")
struct ManualAndCompletionTests {
  @Test func generationIsAskedForWithHiddenOptions() throws {
    #expect(try CommandLineParser.parse(["--generate-manual"]) == .manual)
    #expect(try CommandLineParser.parse(["--generate-completion-script", "zsh"]) == .completionScript(.zsh))
    #expect(throws: UsageError("--generate-completion-script must be bash, zsh or fish, not “tcsh”")) {
      try CommandLineParser.parse(["--generate-completion-script=tcsh"])
    }
    let overview = try #require(HelpPage(tool: EmotionsManual.tool()).text(for: nil))
    #expect(!overview.contains("--generate"))
  }

  @Test func theManualHasEveryCommandAndEveryOptionOfItsHelp() throws {
    let tool = EmotionsManual.tool()
    let roff = ManualPage(tool: tool).roff
    #expect(tool.commandNames == ["detect", "merge", "report", "routes", "help"])
    for command in [nil] + tool.commandNames {
      let help = try #require(HelpPage(tool: tool).text(for: command))
      let section: Substring
      if let command {
        let start = try #require(roff.range(of: ".SS \"emotions \(command)\""))
        let rest = roff[start.upperBound...]
        section = rest[..<(rest.range(of: "\n.S")?.lowerBound ?? rest.endIndex)]
      } else {
        let start = try #require(roff.range(of: ".SH OPTIONS"))
        let rest = roff[start.upperBound...]
        section = rest[..<(rest.range(of: "\n.SH")?.lowerBound ?? rest.endIndex)]
      }
      // Every `--name` that help lists in its OPTIONS rows, as the manual spells it.
      let rows = help.split(separator: "\n").drop { $0 != "OPTIONS:" }.dropFirst().prefix { !$0.isEmpty }
      let names = rows.filter { $0.hasPrefix("  -") }.compactMap { row in
        row.split(separator: " ").prefix { $0.hasPrefix("-") }.map { $0.trimmingCharacters(in: [","]) }
          .first { $0.hasPrefix("--") }
      }
      let counts = ["detect": 21, "merge": 4, "report": 4, "routes": 2, "help": 0]
      #expect(names.count == (command.map { counts[$0] ?? -1 } ?? 7), "\(command ?? "emotions")")
      for name in names {
        #expect(
          section.contains("\\fB" + name.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), "\(name)")
      }
    }
  }

  @MainActor @Test func completionsOfferTheDetectorsTheFormatsAndTheFlowsLinks() throws {
    let tool = EmotionsManual.tool(links: RoutesCommand.linkPaths)
    let bash = CompletionScript(tool: tool, shell: .bash).text
    #expect(bash.contains("--detector) mapfile -t COMPREPLY < <(compgen -W 'blazeface blazeface-short haar'"))
    #expect(bash.contains("--format) mapfile -t COMPREPLY < <(compgen -W 'table json csv'"))
    #expect(bash.contains("compgen -W 'tree dot mermaid'"))
    #expect(bash.contains("compgen -W 'auto kitty sixel blocks'"))
    // Whichever flows the app is built with (Tools/check-flows removes each in turn).
    #expect(!RoutesCommand.linkPaths.isEmpty)
    #expect(bash.contains(RoutesCommand.linkPaths.joined(separator: " ")))
  }
}
