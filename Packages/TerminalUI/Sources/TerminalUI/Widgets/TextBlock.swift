/// Word-wrapped text.
public struct TextBlock: Widget {
  /// The text; newlines start new lines.
  public var text: String
  /// The style of every character.
  public var style: Style

  /// Creates a text block.
  public init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }

  /// The number of wrapped lines.
  public func height(forWidth width: Int) -> Int? { TextWrapper.wrap(text, width: width).count }

  /// Draws the wrapped lines from the top.
  public func draw(into canvas: inout Canvas) {
    for (row, line) in TextWrapper.wrap(text, width: canvas.width).enumerated() where row < canvas.height {
      canvas.put(line, at: Point(x: 0, y: row), style: style)
    }
  }

  /// The wrapped lines.
  public func lines(width: Int) -> [String] { TextWrapper.wrap(text, width: width) }
}
