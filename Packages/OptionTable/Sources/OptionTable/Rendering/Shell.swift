/// A shell that a completion script is written for.
public enum Shell: String, CaseIterable, Sendable {
  /// GNU bash, through its `complete -F` function.
  case bash
  /// zsh, through its completion system (`compinit`, `_arguments`).
  case zsh
  /// fish, through `complete` commands.
  case fish
}
