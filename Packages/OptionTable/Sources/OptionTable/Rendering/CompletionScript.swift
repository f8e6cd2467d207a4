/// A completion script for one shell, made from a ``ToolDescription``: the commands, each
/// command's options, the words an option's value may be (`--detector blazeface|…`), files or
/// folders where a path is expected, and the operands.
public struct CompletionScript: Sendable {
  /// The tool completed.
  public let tool: ToolDescription
  /// The shell the script is for.
  public let shell: Shell

  /// The script for `tool` in `shell`.
  public init(tool: ToolDescription, shell: Shell) {
    self.tool = tool
    self.shell = shell
  }

  /// The script's text.
  public var text: String {
    let header = "\(tool.name) \(tool.version), made by `\(tool.name) --generate-completion-script \(shell)`"
    switch shell {
    case .bash: return BashCompletion(tool: tool).script(header: header)
    case .zsh: return ZshCompletion(tool: tool).script(header: header)
    case .fish: return FishCompletion(tool: tool).script(header: header)
    }
  }

  /// An option's help cut to what fits a completion menu: without its parenthesized asides,
  /// up to the first `;` or `:`, at most about 60 characters.
  static func summary(_ help: String) -> String {
    var text = ""
    var depth = 0
    for character in help {
      if character == "(" {
        if depth == 0, text.last == " " { text.removeLast() }
        depth += 1
      }
      if depth == 0 { text.append(character) }
      if character == ")" { depth = max(0, depth - 1) }
    }
    for stop in ["; ", ": "] {
      if let range = text.firstRange(of: stop) { text = String(text[..<range.lowerBound]) }
    }
    var summary = ""
    for word in text.split(separator: " ") {
      let next = summary.isEmpty ? String(word) : summary + " " + word
      guard next.count <= 60 else { return summary + "…" }
      summary = next
    }
    return summary.hasSuffix(".") ? String(summary.dropLast()) : summary
  }
}
