/// The arguments of a command that are not options, such as `detect`'s paths: what they are
/// called and how each is added to the options.
public struct Operands<Options>: Sendable {
  /// What help, the manual and the completions say of them.
  public let description: OperandDescription
  /// Adds one operand to the options.
  let add: @Sendable (inout Options, String) -> Void

  /// Operands described by `value`, any number of them when `repeats`, each given to `add`.
  /// Whether one is required is the table's check to make, with its own message.
  public init(
    _ value: OptionValue, repeats: Bool = true, add: @escaping @Sendable (inout Options, String) -> Void
  ) {
    description = OperandDescription(value: value, repeats: repeats)
    self.add = add
  }
}

/// What help, the manual and the completions say of a command's operands.
public struct OperandDescription: Sendable, Equatable {
  /// Their name and kind: `<path>`, a file or folder.
  public var value: OptionValue
  /// Whether more than one may be given (`<path>...`).
  public var repeats: Bool

  /// A description.
  public init(value: OptionValue, repeats: Bool) {
    self.value = value
    self.repeats = repeats
  }

  /// As a synopsis shows them: `<path>...`.
  public var usage: String { "<\(value.name)>" + (repeats ? "..." : "") }
}
