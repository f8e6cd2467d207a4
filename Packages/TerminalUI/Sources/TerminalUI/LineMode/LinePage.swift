/// A screen in line mode: text to print, then numbered choices.
public struct LinePage: Hashable, Sendable {
  /// The lines of text, already wrapped.
  public var lines: [String]
  /// The choices; the router numbers them from 1.
  public var choices: [String]
  /// A line under the choices telling the user what else to type, such as
  /// `Type a file path.`; `nil` for none.
  public var instruction: String?

  /// Creates a page.
  public init(lines: [String], choices: [String] = [], instruction: String? = nil) {
    self.lines = lines
    self.choices = choices
    self.instruction = instruction
  }
}
