/// One row of a ``CommandTable``: how an option is spelled and described, and what reading it
/// does to the options being built.
public struct Option<Options>: Sendable {
  /// What help, the manual and the completions say of it.
  public let description: OptionDescription
  /// What the parser does when it meets the option.
  let action: Action

  /// What the parser does with an option.
  enum Action: Sendable {
    /// A flag: changes the options.
    case flag(@Sendable (inout Options) -> Void)
    /// Takes the next argument (or the text after `=`) and reads it into the options.
    case value(@Sendable (inout Options, String) throws(UsageError) -> Void)
    /// Stops parsing: help was asked for.
    case help
    /// Stops parsing: the version was asked for.
    case version
  }

  /// A flag: `update` sets what it means. Text given after `=` is ignored.
  public static func flag(
    _ names: String..., help: String, hidden: Bool = false,
    _ update: @escaping @Sendable (inout Options) -> Void
  ) -> Self {
    Self(description: .init(names: names, value: nil, help: help, isHidden: hidden), action: .flag(update))
  }

  /// An option with a value, which `read` checks and stores; its errors are usage errors.
  public static func value(
    _ names: String..., value: OptionValue, help: String, hidden: Bool = false,
    _ read: @escaping @Sendable (inout Options, String) throws(UsageError) -> Void
  ) -> Self {
    Self(description: .init(names: names, value: value, help: help, isHidden: hidden), action: .value(read))
  }

  /// An option whose value is one of `Value`'s raw values, offered by the completions; any
  /// other is refused with `--format must be table, json or csv, not “xml”`.
  public static func choice<Value: CaseIterable & RawRepresentable & Sendable>(
    _ names: String..., valueName: String, help: String, hidden: Bool = false,
    _ update: @escaping @Sendable (inout Options, Value) -> Void
  ) -> Self where Value.RawValue == String {
    let words = Value.allCases.map(\.rawValue)
    let description = OptionDescription(
      names: names, value: OptionValue(valueName, .choice(words)), help: help, isHidden: hidden)
    let name = description.name
    return Self(
      description: description,
      action: .value { (options: inout Options, text: String) throws(UsageError) in
        guard let value = Value(rawValue: text) else {
          throw UsageError("\(name) must be \(Self.alternatives(words)), not “\(text)”")
        }
        update(&options, value)
      })
  }

  /// An option whose value is a whole number of at least `minimum`; any other is refused with
  /// `--every must be a whole number of at least 1, not “0”`.
  public static func integer(
    _ names: String..., valueName: String, atLeast minimum: Int, help: String,
    _ update: @escaping @Sendable (inout Options, Int) -> Void
  ) -> Self {
    let description = OptionDescription(names: names, value: OptionValue(valueName, .number), help: help)
    let name = description.name
    return Self(
      description: description,
      action: .value { (options: inout Options, text: String) throws(UsageError) in
        guard let number = Int(text), number >= minimum else {
          throw UsageError("\(name) must be a whole number of at least \(minimum), not “\(text)”")
        }
        update(&options, number)
      })
  }

  /// The option that asks for help: parsing stops and gives ``ParseResult/help``.
  public static func help(_ names: String..., help: String) -> Self {
    Self(description: .init(names: names, value: nil, help: help), action: .help)
  }

  /// The option that asks for the version: parsing stops and gives ``ParseResult/version``.
  public static func version(_ names: String..., help: String) -> Self {
    Self(description: .init(names: names, value: nil, help: help), action: .version)
  }

  /// Words as a sentence lists them: `a`, `a or b`, `a, b or c`.
  static func alternatives(_ words: [String]) -> String {
    guard let last = words.last else { return "" }
    let rest = words.dropLast()
    return rest.isEmpty ? last : rest.joined(separator: ", ") + " or " + last
  }
}
