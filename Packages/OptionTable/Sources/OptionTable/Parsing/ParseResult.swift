/// What a command's arguments asked for: its options, or help or the version instead.
public enum ParseResult<Options> {
  /// Every argument was read into the options, and they passed the table's check.
  case parsed(Options)
  /// A help option came first; the arguments after it were not read.
  case help
  /// A version option came first; the arguments after it were not read.
  case version
}

extension ParseResult: Equatable where Options: Equatable {}
extension ParseResult: Sendable where Options: Sendable {}
