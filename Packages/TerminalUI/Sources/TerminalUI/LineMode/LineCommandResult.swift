/// What a screen did with a line of line-mode input.
public enum LineCommandResult: Hashable, Sendable {
  /// The screen acted on it.
  case handled
  /// The screen could not use it; the message tells the user why.
  case rejected(String)

  /// The rejection for a line that is not one of `count` choices: "Choose a number from 1 to 3."
  public static func invalidChoice(count: Int) -> LineCommandResult {
    switch count {
    case 0: .rejected("There is nothing to choose here.")
    case 1: .rejected("The only choice here is 1.")
    default: .rejected("Choose a number from 1 to \(count).")
    }
  }

  /// Parses `line` as a choice number from 1 to `count`, returning the index from 0.
  public static func choiceIndex(_ line: String, count: Int) -> Int? {
    guard let number = Int(line.trimmingSpaces), number >= 1, number <= count else { return nil }
    return number - 1
  }
}
