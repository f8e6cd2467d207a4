/// What help, the manual and the completions say of an option: the table's row without the
/// code that reads it.
public struct OptionDescription: Sendable, Equatable {
  /// Its spellings, short ones first: `["-h", "--help"]`.
  public var names: [String]
  /// The value it takes, nil for a flag.
  public var value: OptionValue?
  /// What it does, one paragraph; renderers wrap it.
  public var help: String
  /// Left out of help, the manual and the completions (options for packaging scripts).
  public var isHidden: Bool

  /// A row.
  public init(names: [String], value: OptionValue?, help: String, isHidden: Bool = false) {
    self.names = names
    self.value = value
    self.help = help
    self.isHidden = isHidden
  }

  /// The longest spelling, which messages name: `--help`.
  public var name: String { names.max { $0.count < $1.count } ?? "" }

  /// The spellings with the value as help shows it: `-h, --help`, `--output <file>`.
  public var usage: String {
    names.joined(separator: ", ") + (value.map { " <\($0.name)>" } ?? "")
  }
}
