import TerminalUI

/// A one-row chart of values from 0 to 1 in eighth blocks, newest on the right:
/// `▁▂▄▆█▇▅`. When there are more values than columns, the newest that fit are shown.
struct Sparkline: Widget {
  /// The values, oldest first, each from 0 to 1.
  var values: [Double]
  /// The style of the blocks.
  var style: Style

  private static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  init(_ values: [Double], style: Style = Style(foreground: .cyan)) {
    self.values = values
    self.style = style
  }

  func height(forWidth width: Int) -> Int? { 1 }

  /// The characters for the newest `width` values.
  func text(width: Int) -> String {
    String(values.suffix(max(0, width)).map(Self.character))
  }

  func draw(into canvas: inout Canvas) {
    canvas.put(text(width: canvas.width), at: Point(x: 0, y: 0), style: style)
  }

  func lines(width: Int) -> [String] { [text(width: width)] }

  private static func character(_ value: Double) -> Character {
    guard value.isFinite else { return levels[0] }
    let level = Int((min(1, max(0, value)) * Double(levels.count - 1)).rounded())
    return levels[level]
  }
}
