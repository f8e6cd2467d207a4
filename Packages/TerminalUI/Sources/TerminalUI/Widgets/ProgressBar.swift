/// A one-line progress bar: `Decoding  ███████▌        47%`.
public struct ProgressBar: Widget {
  /// How far along, from 0 to 1; values outside (and NaN) are clamped.
  public var fraction: Double
  /// A label on the left, or `nil`.
  public var label: String?
  /// The style of the filled part.
  public var style: Style

  /// Creates a progress bar.
  public init(fraction: Double, label: String? = nil, style: Style = Style(foreground: .green)) {
    self.fraction = fraction
    self.label = label
    self.style = style
  }

  /// The fraction clamped to 0...1, with NaN as 0.
  public var clampedFraction: Double {
    fraction.isNaN ? 0 : min(1, max(0, fraction))
  }

  /// The percentage shown, rounded down so that 100% means done.
  public var percentText: String { "\(Int((clampedFraction * 100).rounded(.down)))%" }

  /// One row.
  public func height(forWidth width: Int) -> Int? { 1 }

  /// Draws label, bar and percentage on the first row, the bar in eighths of a cell.
  public func draw(into canvas: inout Canvas) {
    let (prefix, barWidth) = layout(width: canvas.width)
    var x = canvas.put(prefix, at: Point(x: 0, y: 0))
    guard barWidth > 0 else { return }
    let eighths = Int((clampedFraction * Double(barWidth * 8)).rounded(.down))
    let partials: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    for cell in 0..<barWidth {
      let filled = eighths - cell * 8
      let character: Character = filled >= 8 ? "█" : filled > 0 ? partials[filled] : "·"
      canvas.set(character, x: x, y: 0, style: filled > 0 ? style : .dim)
      x += 1
    }
    canvas.put(" " + DisplayWidth.pad(percentText, to: 4), at: Point(x: x, y: 0))
  }

  /// `Decoding [#######-------]  47%`.
  public func lines(width: Int) -> [String] {
    let (prefix, barWidth) = layout(width: width)
    let filled = Int((clampedFraction * Double(barWidth)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: max(0, barWidth - filled))
    return [prefix + "[" + bar + "] " + percentText]
  }

  private func layout(width: Int) -> (prefix: String, barWidth: Int) {
    let prefix = label.map { DisplayWidth.truncate($0, to: max(0, width / 3)) + " " } ?? ""
    return (prefix, max(0, width - DisplayWidth.of(prefix) - 7))
  }
}
