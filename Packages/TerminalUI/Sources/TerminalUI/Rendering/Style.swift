/// How a cell's text looks.
public struct Style: Hashable, Sendable {
  /// Bold (or bright) text.
  public var bold: Bool
  /// Dim (faint) text.
  public var dim: Bool
  /// Underlined text.
  public var underline: Bool
  /// Foreground and background swapped: used for selections and the prompt cursor.
  public var reverse: Bool
  /// The text color; `nil` is the terminal's default.
  public var foreground: Color?
  /// The background color; `nil` is the terminal's default.
  public var background: Color?

  /// Creates a style; the default is plain text in the terminal's colors.
  public init(
    bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
    foreground: Color? = nil, background: Color? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
    self.foreground = foreground
    self.background = background
  }

  /// Plain text.
  public static let plain = Style()
  /// Bold text.
  public static let bold = Style(bold: true)
  /// Dim text.
  public static let dim = Style(dim: true)
  /// Reversed text, for selections.
  public static let reverse = Style(reverse: true)
  /// Underlined text, for input fields.
  public static let underline = Style(underline: true)

  /// The same style with `bold` set.
  public func with(bold: Bool) -> Style {
    var copy = self
    copy.bold = bold
    return copy
  }

  /// The SGR parameters that turn a reset terminal into this style, for `mode`.
  ///
  /// Colors are dropped in ``ColorMode/gray``; 24-bit colors become palette entries in
  /// ``ColorMode/palette256``.
  public func sgrParameters(for mode: ColorMode) -> [String] {
    var parameters: [String] = []
    if bold { parameters.append("1") }
    if dim { parameters.append("2") }
    if underline { parameters.append("4") }
    if reverse { parameters.append("7") }
    if mode != .gray {
      if let foreground { parameters.append(Self.colorParameter(foreground, base: 30, mode: mode)) }
      if let background { parameters.append(Self.colorParameter(background, base: 40, mode: mode)) }
    }
    return parameters
  }

  private static func colorParameter(_ color: Color, base: Int, mode: ColorMode) -> String {
    switch color {
    case .basic(let index):
      let value = Int(index & 15)
      return value < 8 ? "\(base + value)" : "\(base + 60 + value - 8)"
    case .palette(let index):
      return "\(base + 8);5;\(index)"
    case .rgb(let red, let green, let blue):
      if mode == .trueColor { return "\(base + 8);2;\(red);\(green);\(blue)" }
      return "\(base + 8);5;\(Color.nearestPaletteIndex(red: red, green: green, blue: blue))"
    }
  }
}
