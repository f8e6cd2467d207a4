/// The fish script: one `complete` command per command and per option, each option guarded by
/// the command it belongs to.
struct FishCompletion {
  /// The tool completed.
  let tool: ToolDescription

  /// The script, after a comment saying what it is.
  func script(header: String) -> String {
    let name = tool.name
    var lines = ["# fish completion for \(header)", "complete -c \(name) -f"]
    let commands = tool.commandNames
    let noCommand = "__fish_use_subcommand"
    for command in tool.commands {
      let condition: String
      if let word = command.name {
        lines.append(
          "complete -c \(name) -n \(noCommand) -a \(Self.quote(word)) -d \(Self.quote(CompletionScript.summary(command.abstract)))"
        )
        condition = Self.quote("__fish_seen_subcommand_from \(word)")
      } else {
        condition = commands.isEmpty ? "" : noCommand
      }
      let guardText = condition.isEmpty ? "" : " -n \(condition)"
      for option in command.visibleOptions {
        var line = "complete -c \(name)\(guardText)"
        for spelling in option.names {
          line += spelling.hasPrefix("--") ? " -l \(spelling.dropFirst(2))" : " -s \(spelling.dropFirst())"
        }
        if let value = option.value { line += " " + arguments(value) }
        lines.append(line + " -d " + Self.quote(CompletionScript.summary(option.help)))
      }
      if let operands = command.operands {
        lines.append("complete -c \(name)\(guardText) \(arguments(operands.value))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What completes a value: `-x -a 'words'`, `-r -F` for files, directories for folders.
  private func arguments(_ value: OptionValue) -> String {
    switch value.kind {
    case .text, .number: "-x"
    case .choice(let words), .suggested(let words): "-x -a " + Self.quote(words.joined(separator: " "))
    case .file, .path: "-r -F"
    case .folder: "-x -a '(__fish_complete_directories)'"
    }
  }

  /// Text in fish's single quotes, where only `\` and `'` are escaped.
  static func quote(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }
}
