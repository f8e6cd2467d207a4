/// A command's options as one declarative table: the parser reads arguments with it, and its
/// ``description`` is what help, the manual page and the completion scripts are made from, so
/// they cannot drift from what the parser accepts.
///
/// Options take their value as the next argument or after `=` (`--min-size 80`,
/// `--min-size=80`). Where the command takes operands, an argument that does not start with `-`
/// (or is `-` alone) is one, and `--` makes every argument after it one.
public struct CommandTable<Options>: Sendable {
  /// The command's word (`detect`), nil for what the tool does without one.
  public var name: String?
  /// What follows the tool's name in a synopsis: `detect <path>... [options]`.
  public var synopsis: String
  /// What the command does, in a line.
  public var abstract: String
  /// Paragraphs help shows before the options.
  public var discussion: [String]
  /// Paragraphs help shows after the options.
  public var notes: [String]
  /// The options, in the order help lists them.
  public var options: [Option<Options>]
  /// The command's operands, nil when it takes none.
  public var operands: Operands<Options>?
  /// The message for an argument that starts with `-` and is no option, given the argument.
  public var unknownOption: @Sendable (String) -> String
  /// The message for an argument where the command takes no operands, given the argument.
  public var unexpectedArgument: @Sendable (String) -> String
  /// Checks the options once every argument is read, such as options that need each other.
  public var check: @Sendable (Options) throws(UsageError) -> Void

  /// A table. By default an unknown option is `unknown option --frob for detect`, an
  /// unexpected argument `unexpected argument x for detect`, and every set of options passes.
  public init(
    name: String?, synopsis: String, abstract: String, discussion: [String] = [], notes: [String] = [],
    options: [Option<Options>], operands: Operands<Options>? = nil,
    unknownOption: (@Sendable (String) -> String)? = nil,
    unexpectedArgument: (@Sendable (String) -> String)? = nil,
    check: @escaping @Sendable (Options) throws(UsageError) -> Void = { _ in }
  ) {
    self.name = name
    self.synopsis = synopsis
    self.abstract = abstract
    self.discussion = discussion
    self.notes = notes
    self.options = options
    self.operands = operands
    let suffix = name.map { " for \($0)" } ?? ""
    self.unknownOption = unknownOption ?? { "unknown option \($0)\(suffix)" }
    self.unexpectedArgument = unexpectedArgument ?? { "unexpected argument \($0)\(suffix)" }
    self.check = check
  }

  /// What help, the manual and the completions say of the command.
  public var description: CommandDescription {
    CommandDescription(
      name: name, synopsis: synopsis, abstract: abstract, discussion: discussion,
      options: options.map(\.description), operands: operands?.description, notes: notes)
  }

  /// The row spelled `name`, hidden ones included.
  func option(named name: String) -> Option<Options>? {
    options.first { $0.description.names.contains(name) }
  }
}
