/// What help, the manual and the completions say of one command: a ``CommandTable`` without
/// the code that reads it, or a command described by hand (such as `help <command>`).
public struct CommandDescription: Sendable, Equatable {
  /// The command's word (`detect`), nil for what the tool does without one.
  public var name: String?
  /// What follows the tool's name in a synopsis: `detect <path>... [options]`.
  public var synopsis: String
  /// What the command does, in a line: the overview's and the completions' description.
  public var abstract: String
  /// Paragraphs help shows before the options.
  public var discussion: [String]
  /// The options, in the order help lists them.
  public var options: [OptionDescription]
  /// Its operands, if it takes any.
  public var operands: OperandDescription?
  /// Paragraphs help shows after the options.
  public var notes: [String]

  /// A description.
  public init(
    name: String?, synopsis: String, abstract: String, discussion: [String] = [],
    options: [OptionDescription] = [], operands: OperandDescription? = nil, notes: [String] = []
  ) {
    self.name = name
    self.synopsis = synopsis
    self.abstract = abstract
    self.discussion = discussion
    self.options = options
    self.operands = operands
    self.notes = notes
  }

  /// The options help, the manual and the completions show.
  public var visibleOptions: [OptionDescription] { options.filter { !$0.isHidden } }
}
