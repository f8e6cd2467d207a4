/// A piece of a screen that draws itself: text, a progress bar, a chart, an image.
///
/// ``PanelScreen`` stacks widgets top to bottom; custom screens can draw them into any
/// part of their canvas with ``draw(into:)`` on a sub-canvas.
public protocol Widget {
  /// The rows the widget needs at `width` columns; `nil` when it takes whatever is left
  /// (an image, for example).
  func height(forWidth width: Int) -> Int?

  /// Draws the widget into `canvas`, which is the widget's area.
  func draw(into canvas: inout Canvas)

  /// The widget as plain text lines for line mode, at most `width` columns wide.
  func lines(width: Int) -> [String]
}

extension Canvas {
  /// Draws `widget` into `rect` of this canvas.
  public mutating func draw(_ widget: any Widget, in rect: Rect) {
    guard rect.width > 0, rect.height > 0 else { return }
    var region = Canvas(size: rect.size, colorMode: colorMode, showsPictures: showsPictures)
    widget.draw(into: &region)
    draw(region, at: rect.origin)
  }
}
