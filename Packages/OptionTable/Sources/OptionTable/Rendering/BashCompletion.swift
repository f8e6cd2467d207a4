/// The bash script: a `complete -F` function that reads `COMP_WORDS` and `COMP_CWORD`.
struct BashCompletion {
  /// The tool completed.
  let tool: ToolDescription

  /// The script, after a comment line saying what it is.
  func script(header: String) -> String {
    let function =
      "_" + tool.name.map { $0.isLetter || $0.isNumber ? $0 : "_" }.reduce("") { $0 + String($1) }
    var lines = [
      "# bash completion for \(header)",
      "\(function)() {",
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=\"\" command=\"\" i",
      "  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}",
      "  COMPREPLY=()",
    ]
    let names = tool.commandNames
    if !names.isEmpty {
      lines += [
        "  if ((COMP_CWORD > 1)); then",
        "    case ${COMP_WORDS[1]} in",
        "      \(names.map(Self.quote).joined(separator: "|"))) command=${COMP_WORDS[1]} ;;",
        "    esac",
        "  fi",
      ]
    }
    lines += [
      "  # After --, every word is an operand.",
      "  for ((i = 1; i < COMP_CWORD; i++)); do",
      "    [[ ${COMP_WORDS[i]} == -- ]] && prev=--",
      "  done",
      "  case $command in",
    ]
    for command in tool.commands {
      lines.append("    \(command.name.map(Self.quote) ?? "\"\""))")
      lines += body(command).map { "      " + $0 }
      lines.append("      ;;")
    }
    lines += ["  esac", "}", "complete -F \(function) \(tool.name)", ""]
    return lines.joined(separator: "\n")
  }

  /// The completion of one command's words: an option's value, an option, or an operand.
  private func body(_ command: CommandDescription) -> [String] {
    var lines: [String] = []
    let valued = command.visibleOptions.filter { $0.value != nil }
    if !valued.isEmpty {
      lines.append("case $prev in")
      for option in valued {
        guard let value = option.value else { continue }
        let pattern = option.names.map(Self.quote).joined(separator: "|")
        lines.append("  \(pattern)) \(complete(value)) return ;;")
      }
      lines.append("esac")
    }
    let options = command.visibleOptions.flatMap(\.names)
    if !options.isEmpty {
      lines.append(
        "if [[ $prev != -- && $cur == -* ]]; then \(words(options)) return; fi")
    }
    if command.name == nil, !tool.commandNames.isEmpty {
      lines.append("((COMP_CWORD == 1)) && { \(words(tool.commandNames)) return; }")
    }
    if let operands = command.operands {
      if command.name != nil, !operands.repeats {
        lines.append("((COMP_CWORD == 2)) && { \(complete(operands.value)) }")
      } else {
        lines.append(complete(operands.value))
      }
    }
    return lines.isEmpty ? [":"] : lines
  }

  /// The words for a value of this kind, and the semicolon that ends the command.
  private func complete(_ value: OptionValue) -> String {
    switch value.kind {
    case .text, .number: return ":;"
    case .choice(let choices), .suggested(let choices): return words(choices)
    case .file, .path:
      return "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\");"
    case .folder: return "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\");"
    }
  }

  private func words(_ words: [String]) -> String {
    "mapfile -t COMPREPLY < <(compgen -W \(Self.quote(words.joined(separator: " "))) -- \"$cur\");"
  }

  /// A word quoted for bash, single quotes inside closed and reopened.
  static func quote(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=".contains($0) }
    return safe ? word : "'" + word.replacing("'", with: "'\\''") + "'"
  }
}
