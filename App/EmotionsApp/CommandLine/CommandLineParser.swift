import DetectCommand
import Navigation
import TerminalUI

/// Turns `CommandLine.arguments` into a ``Command``, or a ``UsageError``.
///
/// Options take their value as the next argument or after `=` (`--min-size 80`,
/// `--min-size=80`); `--` ends the options, so paths that start with `-` can be given.
struct CommandLineParser {
  private var arguments: ArraySlice<String>

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    var parser = CommandLineParser(arguments: arguments[...])
    return try parser.parseCommand()
  }

  private mutating func parseCommand() throws(UsageError) -> Command {
    switch arguments.first {
    case "detect":
      arguments.removeFirst()
      return try parseDetect()
    case "routes":
      arguments.removeFirst()
      return try parseRoutes()
    case "merge":
      arguments.removeFirst()
      return try parseMerge()
    case "help":
      arguments.removeFirst()
      return .help(topic: arguments.popFirst())
    default:
      return try parseInteractive()
    }
  }

  private mutating func parseInteractive() throws(UsageError) -> Command {
    var options = InteractiveOptions()
    while let argument = arguments.popFirst() {
      let (name, inlineValue) = split(argument)
      switch name {
      case "-h", "--help": return .help(topic: nil)
      case "-V", "--version": return .version
      case "--open":
        let text = try value(for: name, inline: inlineValue)
        do {
          options.link = try Emotions.linkScheme.parse(linkOrPath: text)
        } catch {
          throw UsageError("--open: \(error.description)")
        }
      case "--fresh": options.startsFresh = true
      case "--model-dir": options.modelDirectory = try value(for: name, inline: inlineValue)
      case "--graphics":
        let text = try value(for: name, inline: inlineValue)
        guard let graphics = GraphicsPreference(rawValue: text) else {
          throw UsageError("--graphics must be auto, kitty, sixel or blocks, not “\(text)”")
        }
        options.graphics = graphics
      case "--detector":
        options.detector = try DetectorChoice.kind(
          named: try value(for: name, inline: inlineValue), source: "--detector")
      default:
        if argument.hasPrefix("-") { throw UsageError("unknown option \(argument)") }
        throw UsageError("unknown command “\(argument)”; the commands are detect, merge and routes")
      }
    }
    return .interactive(options)
  }

  private mutating func parseDetect() throws(UsageError) -> Command {
    var options = DetectOptions()
    var optionsEnded = false
    while let argument = arguments.popFirst() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        options.inputs.append(argument)
        continue
      }
      let (name, inlineValue) = split(argument)
      switch name {
      case "--": optionsEnded = true
      case "-h", "--help": return .help(topic: "detect")
      case "--json": options.format = .json
      case "--format":
        let text = try value(for: name, inline: inlineValue)
        guard let format = DetectOptions.OutputFormat(rawValue: text) else {
          throw UsageError("--format must be table, json or csv, not “\(text)”")
        }
        options.format = format
      case "--annotate": options.annotate = try value(for: name, inline: inlineValue)
      case "--detector":
        options.detector = try DetectorChoice.kind(
          named: try value(for: name, inline: inlineValue), source: "--detector")
      case "--whole-image": options.wholeImage = true
      case "--min-size": options.minSize = try integer(for: name, inline: inlineValue, atLeast: 1)
      case "--min-neighbors": options.minNeighbors = try integer(for: name, inline: inlineValue, atLeast: 0)
      case "--every": options.every = try integer(for: name, inline: inlineValue, atLeast: 1)
      case "--scale-factor":
        let text = try value(for: name, inline: inlineValue)
        guard let factor = Double(text), factor > 1, factor <= 4 else {
          throw UsageError("--scale-factor must be a number above 1 and at most 4, not “\(text)”")
        }
        options.scaleFactor = factor
      case "--model-dir": options.modelDirectory = try value(for: name, inline: inlineValue)
      case "--timeline": options.timeline = try value(for: name, inline: inlineValue)
      case "--summary": options.summary = try value(for: name, inline: inlineValue)
      case "--no-tracks": options.tracks = false
      case "--shard": options.shard = try shard(try value(for: name, inline: inlineValue))
      case "--output": options.output = try value(for: name, inline: inlineValue)
      case "--resume": options.resume = true
      case "--overwrite": options.overwrite = true
      default: throw UsageError("unknown option \(argument) for detect")
      }
    }
    guard !options.inputs.isEmpty else {
      throw UsageError("detect needs at least one image, folder or video")
    }
    try checkResume(options)
    return .detect(options)
  }

  /// `--resume` continues the records of `--output`, which only JSON lines and CSV can be.
  private func checkResume(_ options: DetectOptions) throws(UsageError) {
    guard options.resume else { return }
    guard let output = options.output else {
      throw UsageError("--resume continues the file of --output; give --output FILE too")
    }
    guard options.format != .table else {
      throw UsageError("--resume --output \(output): a table cannot be continued; use --json or --format csv")
    }
    if let timeline = options.timeline {
      throw UsageError(
        "--resume cannot continue --timeline \(timeline), drawn from the whole run; draw it in a run of its own"
      )
    }
  }

  private mutating func parseMerge() throws(UsageError) -> Command {
    var options = MergeOptions()
    var optionsEnded = false
    while let argument = arguments.popFirst() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        options.parts.append(argument)
        continue
      }
      let (name, inlineValue) = split(argument)
      switch name {
      case "--": optionsEnded = true
      case "-h", "--help": return .help(topic: "merge")
      case "--output": options.output = try value(for: name, inline: inlineValue)
      case "--overwrite": options.overwrite = true
      case "--summary": options.summary = try value(for: name, inline: inlineValue)
      default: throw UsageError("unknown option \(argument) for merge")
      }
    }
    guard !options.parts.isEmpty else { throw UsageError("merge needs the parts of a sharded run") }
    return .merge(options)
  }

  private mutating func parseRoutes() throws(UsageError) -> Command {
    var format = RoutesFormat.tree
    while let argument = arguments.popFirst() {
      let (name, inlineValue) = split(argument)
      switch name {
      case "-h", "--help": return .help(topic: "routes")
      case "--format":
        let text = try value(for: name, inline: inlineValue)
        guard let chosen = RoutesFormat(rawValue: text) else {
          throw UsageError("--format must be tree, dot or mermaid, not “\(text)”")
        }
        format = chosen
      default: throw UsageError("unknown argument \(argument) for routes")
      }
    }
    return .routes(format)
  }

  private func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private mutating func value(for name: String, inline: String?) throws(UsageError) -> String {
    if let inline { return inline }
    guard let next = arguments.popFirst() else { throw UsageError("\(name) needs a value") }
    return next
  }

  private mutating func integer(
    for name: String, inline: String?, atLeast minimum: Int
  ) throws(UsageError) -> Int {
    let text = try value(for: name, inline: inline)
    guard let number = Int(text), number >= minimum else {
      throw UsageError("\(name) must be a whole number of at least \(minimum), not “\(text)”")
    }
    return number
  }

  private func shard(_ text: String) throws(UsageError) -> DetectOptions.Shard {
    guard let shard = DetectOptions.Shard(text) else {
      throw UsageError("--shard must be K/N with 1 ≤ K ≤ N, such as 2/8, not “\(text)”")
    }
    return shard
  }
}
