/// What colors the terminal shows, chosen from the environment by ``ColorMode/init(environment:)``.
public enum ColorMode: String, Hashable, Sendable {
  /// 24-bit color (`COLORTERM=truecolor` or `24bit`).
  case trueColor
  /// The xterm 256-color palette: the default for a color terminal.
  case palette256
  /// No color escapes at all (`NO_COLOR` set, or `TERM=dumb`): bold, dim and reverse only, and
  /// images in gray shading characters.
  case gray

  /// Picks the mode the environment asks for: `NO_COLOR` (any value) or `TERM=dumb` give
  /// ``gray``, `COLORTERM=truecolor|24bit` gives ``trueColor``, anything else ``palette256``.
  public init(environment: [String: String]) {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
      self = .gray
    } else if environment["TERM"] == "dumb" {
      self = .gray
    } else if let colorTerm = environment["COLORTERM"]?.lowercased(),
      colorTerm == "truecolor" || colorTerm == "24bit"
    {
      self = .trueColor
    } else {
      self = .palette256
    }
  }
}
