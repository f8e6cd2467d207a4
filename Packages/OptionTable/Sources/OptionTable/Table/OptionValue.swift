/// What an option's value or a command's operand is: its name in help, and what a shell
/// offers for it.
public struct OptionValue: Sendable, Equatable {
  /// The name help shows in angle brackets: `file` in `--output <file>`.
  public var name: String
  /// What the value may be, for the completion scripts and the manual.
  public var kind: Kind

  /// A value called `name`, of `kind`.
  public init(_ name: String, _ kind: Kind = .text) {
    self.name = name
    self.kind = kind
  }

  /// What a value may be.
  public enum Kind: Sendable, Equatable {
    /// Any text; nothing to offer.
    case text
    /// A number; nothing to offer.
    case number
    /// One of these words, and nothing else.
    case choice([String])
    /// An existing or new file.
    case file
    /// A folder.
    case folder
    /// A file or a folder.
    case path
    /// Any text, of which these are examples worth offering (a tool's deep links).
    case suggested([String])
  }

  /// The words a shell offers, for a choice or suggestions; empty for the rest.
  public var words: [String] {
    switch kind {
    case .choice(let words), .suggested(let words): words
    default: []
    }
  }
}
