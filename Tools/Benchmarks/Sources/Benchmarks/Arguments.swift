/// The command line of `bench`: a subcommand, positional arguments and `--name value` options.
struct Arguments {
  /// The subcommand (`report` when none is given).
  var command = "report"
  /// Positional arguments after the subcommand.
  var positional: [String] = []
  /// `--name value` options, and `--flag` as `"true"`.
  var options: [String: String] = [:]

  private static let flags: Set<String> = ["json"]

  /// Parses `CommandLine.arguments` without the program name.
  init(_ words: [String]) throws {
    var index = 0
    if let first = words.first, !first.hasPrefix("--") {
      command = first
      index = 1
    }
    while index < words.count {
      let word = words[index]
      if word.hasPrefix("--") {
        let name = String(word.dropFirst(2))
        if Self.flags.contains(name) {
          options[name] = "true"
        } else {
          guard index + 1 < words.count else { throw BenchError.usage("\(word) needs a value") }
          options[name] = words[index + 1]
          index += 1
        }
      } else {
        positional.append(word)
      }
      index += 1
    }
  }

  /// An integer option, or `fallback`.
  func integer(_ name: String, _ fallback: Int) throws -> Int {
    guard let text = options[name] else { return fallback }
    guard let value = Int(text), value > 0 else {
      throw BenchError.usage("--\(name) needs a positive number")
    }
    return value
  }

  /// Whether `--name` was given.
  func flag(_ name: String) -> Bool { options[name] == "true" }
}
