/// The text of `--help`, made from a ``ToolDescription``: the overview of the tool, or one
/// command's usage, options and notes.
public struct HelpPage: Sendable {
  /// The tool described.
  public let tool: ToolDescription
  /// The widest line, in characters.
  public let width: Int
  /// The column where the options' texts start.
  static let column = 24

  /// Help for `tool`, wrapped to `width` characters.
  public init(tool: ToolDescription, width: Int = 88) {
    self.tool = tool
    self.width = width
  }

  /// Help for the command called `command`, or the overview for nil; nil when the tool has no
  /// such command.
  public func text(for command: String?) -> String? {
    guard let description = tool.command(command) else { return nil }
    return command == nil ? overview(description) : page(description)
  }

  /// The tool's name, version and abstract, every command's synopsis and abstract, the tool's
  /// own options and its environment.
  private func overview(_ root: CommandDescription) -> String {
    var lines = ["\(tool.name) \(tool.version): \(tool.abstract)", "", "USAGE:"]
    for command in tool.commands {
      lines.append("  \(tool.name) \(command.synopsis)")
      lines += TextLayout.wrap(command.abstract, width: width, indent: 6)
    }
    lines += paragraphs(root.discussion)
    lines += optionRows(root)
    if !tool.environment.isEmpty {
      lines += ["", "ENVIRONMENT:"]
      for variable in tool.environment {
        lines += TextLayout.row(variable.term, variable.text, column: Self.column, width: width)
      }
    }
    lines += paragraphs(root.notes)
    return lines.joined(separator: "\n")
  }

  /// A command's synopsis, discussion, options and notes.
  private func page(_ command: CommandDescription) -> String {
    var lines = ["USAGE: \(tool.name) \(command.synopsis)"]
    lines += paragraphs(command.discussion)
    lines += optionRows(command)
    lines += paragraphs(command.notes)
    return lines.joined(separator: "\n")
  }

  private func optionRows(_ command: CommandDescription) -> [String] {
    let options = command.visibleOptions
    guard !options.isEmpty else { return [] }
    return ["", "OPTIONS:"]
      + options.flatMap { TextLayout.row($0.usage, $0.help, column: Self.column, width: width) }
  }

  private func paragraphs(_ texts: [String]) -> [String] {
    texts.flatMap { [""] + TextLayout.wrap($0, width: width) }
  }
}
