extension CommandTable {
  /// Reads `arguments` (those after the command's word) into `options`, row by row; the first
  /// mistake is the error, and a help or version option stops at once.
  public func parse(
    _ arguments: some Sequence<String>, into options: Options
  ) throws(UsageError) -> ParseResult<Options> {
    var options = options
    var remaining = Array(arguments)[...]
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if let operands, optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        operands.add(&options, argument)
        continue
      }
      if operands != nil, argument == "--" {
        optionsEnded = true
        continue
      }
      let (name, inlineValue) = Self.split(argument)
      guard let option = option(named: name) else {
        throw UsageError(argument.hasPrefix("-") ? unknownOption(argument) : unexpectedArgument(argument))
      }
      switch option.action {
      case .help: return .help
      case .version: return .version
      case .flag(let update): update(&options)
      case .value(let read):
        if let inlineValue {
          try read(&options, inlineValue)
        } else if let next = remaining.popFirst() {
          try read(&options, next)
        } else {
          throw UsageError("\(name) needs a value")
        }
      }
    }
    try check(options)
    return .parsed(options)
  }

  /// `--name=value` as its name and value; any other argument as itself and no value.
  static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
