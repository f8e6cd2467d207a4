/// A whole command-line tool as its manual describes it: its commands, and what the manual
/// says besides (environment, exit statuses, files, examples).
public struct ToolDescription: Sendable, Equatable {
  /// The executable's name: `emotions`.
  public var name: String
  /// Its version, as `--version` prints it.
  public var version: String
  /// What it is, in a few words: the manual's NAME line.
  public var abstract: String
  /// Its commands, the one without a word (the tool alone) first.
  public var commands: [CommandDescription]
  /// The environment variables it reads.
  public var environment: [Definition]
  /// Its exit statuses.
  public var exitStatuses: [Definition]
  /// The files it reads or writes.
  public var files: [Definition]
  /// Command lines, each with what it does.
  public var examples: [Definition]
  /// Related manual pages: `ffmpeg(1)`.
  public var seeAlso: [String]

  /// A tool.
  public init(
    name: String, version: String, abstract: String, commands: [CommandDescription],
    environment: [Definition] = [], exitStatuses: [Definition] = [], files: [Definition] = [],
    examples: [Definition] = [], seeAlso: [String] = []
  ) {
    self.name = name
    self.version = version
    self.abstract = abstract
    self.commands = commands
    self.environment = environment
    self.exitStatuses = exitStatuses
    self.files = files
    self.examples = examples
    self.seeAlso = seeAlso
  }

  /// The description of the command named `name`, nil for the tool alone.
  public func command(_ name: String?) -> CommandDescription? { commands.first { $0.name == name } }

  /// The words of the commands: `detect`, `merge`, …
  public var commandNames: [String] { commands.compactMap(\.name) }
}

/// A term and what it means: an environment variable, an exit status, a file, an example.
public struct Definition: Sendable, Equatable {
  /// The variable, status, path or command line.
  public var term: String
  /// What it means, one paragraph.
  public var text: String

  /// A definition.
  public init(_ term: String, _ text: String) {
    self.term = term
    self.text = text
  }
}
