/// The zsh script: an `_arguments` specification for the tool alone and one for each command,
/// loaded by `compinit` from a file named `_<tool>` on `fpath`.
struct ZshCompletion {
  /// The tool completed.
  let tool: ToolDescription

  /// The script, after the `#compdef` line and a comment saying what it is.
  func script(header: String) -> String {
    let function = "_" + tool.name
    var lines = ["#compdef \(tool.name)", "# zsh completion for \(header)", "", "\(function)() {"]
    lines += ["  local curcontext=$curcontext state line ret=1", "  typeset -A opt_args"]
    let root = tool.command(nil)
    let commands = tool.commands.filter { $0.name != nil }
    var rootSpecs = (root?.visibleOptions ?? []).flatMap(specs)
    if !commands.isEmpty {
      rootSpecs += ["'1: :->command'", "'*:: :->argument'"]
    } else if let operands = root?.operands {
      rootSpecs.append(operandSpec(operands, position: nil))
    }
    lines.append("  _arguments -C -s \\")
    lines += rootSpecs.map { "    \($0) \\" }
    lines.append("    && ret=0")
    if !commands.isEmpty {
      lines += ["  case $state in", "    command)", "      local -a commands=("]
      lines += commands.map {
        "        \(Self.quote(($0.name ?? "") + ":" + CompletionScript.summary($0.abstract)))"
      }
      lines += [
        "      )", "      _describe -t commands command commands && ret=0", "      ;;", "    argument)",
      ]
      lines += ["      curcontext=${curcontext%:*:*}:\(tool.name)-$words[1]:", "      case $words[1] in"]
      for command in commands {
        var specs = command.visibleOptions.flatMap(specs)
        if let operands = command.operands { specs.append(operandSpec(operands, position: 1)) }
        lines.append("        \(command.name ?? ""))")
        if specs.isEmpty {
          lines.append("          ret=0")
        } else {
          lines.append("          _arguments -s \\")
          lines += specs.map { "            \($0) \\" }
          lines.append("            && ret=0")
        }
        lines.append("          ;;")
      }
      lines += ["      esac", "      ;;", "  esac"]
    }
    lines += ["  return ret", "}", "", "\(function) \"$@\"", ""]
    return lines.joined(separator: "\n")
  }

  /// One `_arguments` spec per spelling: `'--format=[table, json or csv]:f:(table json csv)'`.
  private func specs(_ option: OptionDescription) -> [String] {
    let help = "[" + Self.escapeBrackets(CompletionScript.summary(option.help)) + "]"
    return option.names.map { name in
      guard let value = option.value else { return Self.quote(name + help) }
      let equals = name.hasPrefix("--") ? "=" : "+"
      return Self.quote(name + equals + help + ":" + Self.escapeBrackets(value.name) + ":" + action(value))
    }
  }

  private func operandSpec(_ operands: OperandDescription, position: Int?) -> String {
    let name = Self.escapeBrackets(operands.value.name)
    if operands.repeats || position == nil { return Self.quote("*:" + name + ":" + action(operands.value)) }
    return Self.quote("\(position ?? 1):" + name + ":" + action(operands.value))
  }

  /// The action completing a value: its words, files, folders, or nothing.
  private func action(_ value: OptionValue) -> String {
    switch value.kind {
    case .text, .number: " "
    case .choice(let words), .suggested(let words):
      "(" + words.map(Self.escapeWord).joined(separator: " ") + ")"
    case .file, .path: "_files"
    case .folder: "_files -/"
    }
  }

  /// Text for inside `[...]` or between colons of a spec.
  static func escapeBrackets(_ text: String) -> String { escape(text, characters: "[]:\\") }

  /// A word inside an action's `(...)`.
  static func escapeWord(_ word: String) -> String { escape(word, characters: " ()\\:'\"$`&;|<>*?[]{}#~") }

  /// `text` with a backslash before each of `characters`.
  private static func escape(_ text: String, characters: String) -> String {
    var escaped = ""
    for character in text {
      if characters.contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  /// Text in single quotes.
  static func quote(_ text: String) -> String { "'" + text.replacing("'", with: "'\\''") + "'" }
}
