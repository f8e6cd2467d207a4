/// The tool's manual page in roff (`man 7 groff_man`), made from a ``ToolDescription``: NAME,
/// SYNOPSIS, DESCRIPTION and OPTIONS of the tool alone, then each command with its options,
/// ENVIRONMENT, EXIT STATUS, FILES, EXAMPLES and SEE ALSO.
public struct ManualPage: Sendable {
  /// The tool described.
  public let tool: ToolDescription
  /// The manual's section: 1 for user commands.
  public let section: Int

  /// The page of `tool` in `section`.
  public init(tool: ToolDescription, section: Int = 1) {
    self.tool = tool
    self.section = section
  }

  /// The page's roff source.
  public var roff: String {
    let version = Self.escape("\(tool.name) \(tool.version)")
    var lines = [
      ".TH \(Self.escape(tool.name.uppercased())) \(section) \"\" \"\(version)\" \"User Commands\"",
      // Paths and options read better whole: no hyphenation, a ragged right margin.
      ".nh", ".ad l", ".SH NAME", "\(Self.escape(tool.name)) \\- \(Self.escape(tool.abstract))",
      ".SH SYNOPSIS",
    ]
    lines += tool.commands.map(synopsis).joined(separator: [".br"])
    if let root = tool.command(nil) {
      lines +=
        [".SH DESCRIPTION"]
        + paragraphs(root.discussion.isEmpty ? [Self.sentence(root.abstract)] : root.discussion)
      if !root.visibleOptions.isEmpty { lines += [".SH OPTIONS"] + root.visibleOptions.flatMap(option) }
      lines += paragraphs(root.notes)
    }
    let commands = tool.commands.filter { $0.name != nil }
    if !commands.isEmpty {
      lines.append(".SH COMMANDS")
      for command in commands {
        lines +=
          [".SS \"\(Self.escape(tool.name + " " + (command.name ?? "")))\"", ".PP"] + synopsis(command)
        lines += paragraphs(
          command.discussion.isEmpty ? [Self.sentence(command.abstract)] : command.discussion)
        lines += command.visibleOptions.flatMap(option) + paragraphs(command.notes)
      }
    }
    lines += definitions("ENVIRONMENT", tool.environment, font: "B")
    lines += definitions("EXIT STATUS", tool.exitStatuses, font: "B")
    lines += definitions("FILES", tool.files, font: "I")
    if !tool.examples.isEmpty {
      lines.append(".SH EXAMPLES")
      for example in tool.examples {
        lines += [
          ".PP", Self.inline(example.text), ".PP", ".RS 4", ".EX", Self.escape(example.term), ".EE", ".RE",
        ]
      }
    }
    if !tool.seeAlso.isEmpty {
      lines += [".SH \"SEE ALSO\""]
      lines += tool.seeAlso.enumerated().map { index, page in
        let comma = index == tool.seeAlso.count - 1 ? "" : " ,"
        guard let open = page.firstIndex(of: "(") else { return ".B \(Self.escape(page))" }
        return ".BR \(Self.escape(String(page[..<open]))) \(Self.escape(String(page[open...])))\(comma)"
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The command's synopsis, the tool and the command's word in bold.
  private func synopsis(_ command: CommandDescription) -> [String] {
    let word = command.name.map { " " + $0 } ?? ""
    let rest = command.synopsis.dropFirst(command.name.map { $0.count + 1 } ?? 0)
    return [".B \(Self.escape(tool.name + word))"] + (rest.isEmpty ? [] : [Self.escape(String(rest))])
  }

  /// A description's abstract as a sentence: a capital first and a full stop.
  static func sentence(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
  }

  private func option(_ option: OptionDescription) -> [String] {
    let names = option.names.map { "\\fB\(Self.escape($0))\\fR" }.joined(separator: ", ")
    let value = option.value.map { " \\fI\(Self.escape($0.name))\\fR" } ?? ""
    return [".TP", names + value, Self.inline(option.help)]
  }

  private func definitions(_ title: String, _ entries: [Definition], font: String) -> [String] {
    guard !entries.isEmpty else { return [] }
    let heading = title.contains(" ") ? "\"\(title)\"" : title
    return [".SH \(heading)"]
      + entries.flatMap { [".TP", ".\(font) \(Self.escape($0.term))", Self.inline($0.text)] }
  }

  private func paragraphs(_ texts: [String]) -> [String] {
    texts.flatMap { [".PP", Self.inline($0)] }
  }

  /// Text escaped for roff, with `code` between backquotes set in bold.
  static func inline(_ text: String) -> String {
    let pieces = text.split(separator: "`", omittingEmptySubsequences: false)
    guard pieces.count % 2 == 1 else { return escape(text) }
    return pieces.enumerated().map { index, piece in
      index % 2 == 1 ? "\\fB\(escape(String(piece)))\\fR" : escape(String(piece))
    }.joined()
  }

  /// Text that roff prints as it is: backslashes and hyphens escaped (so options copy as
  /// typed), and a line that starts with a control character made ordinary text.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      case "\n": escaped += " "
      default: escaped.append(character)
      }
    }
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
    return escaped
  }
}
