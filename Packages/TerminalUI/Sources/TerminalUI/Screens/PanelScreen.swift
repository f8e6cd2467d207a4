/// A screen made of widgets stacked top to bottom, with optional buttons at the bottom: for
/// screens such as live recognition (an image, a bar chart and a status line).
///
/// Widgets with a fixed height get it; those that fill (an ``ImageView`` without a maximum
/// height) share what is left. Change ``widgets`` from the presenter and the next redraw
/// shows it.
///
/// ```swift
/// let panel = PanelScreen(title: "Vision", widgets: [
///   ImageView(image: frame), BarChart(scores), TextBlock("2 faces", style: .dim),
/// ], buttons: [ScreenAction("Source", key: "s") { [weak presenter] in presenter?.didTapSource() }])
/// ```
@MainActor
open class PanelScreen: Screen {
  /// The breadcrumb title.
  public var title: String
  /// The widgets, top to bottom.
  public var widgets: [any Widget]
  /// The buttons under the widgets.
  public var buttons: ButtonRow
  /// Called with keys the buttons do not use; returns whether it used the key.
  public var onKey: (@MainActor (Key) -> Bool)?
  /// Extra footer hints for keys handled by ``onKey``.
  public var extraKeyHints: [KeyHint]

  /// Creates a panel.
  public init(
    title: String, widgets: [any Widget], buttons: [ScreenAction] = [], extraKeyHints: [KeyHint] = [],
    onKey: (@MainActor (Key) -> Bool)? = nil
  ) {
    self.title = title
    self.widgets = widgets
    self.buttons = ButtonRow(buttons)
    self.extraKeyHints = extraKeyHints
    self.onKey = onKey
  }

  /// Lays the widgets out one under the other, then the buttons.
  open func draw(into canvas: inout Canvas) {
    let width = max(1, canvas.width - 2)
    let available = canvas.height - (buttons.buttons.isEmpty ? 0 : 2)
    let fixed = widgets.map { $0.height(forWidth: width) }
    let fixedTotal = fixed.compactMap { $0 }.reduce(0, +)
    let fillers = fixed.filter { $0 == nil }.count
    let share = fillers > 0 ? max(0, available - fixedTotal) / fillers : 0
    var y = 0
    for (widget, height) in zip(widgets, fixed) {
      let rows = min(height ?? share, max(0, available - y))
      canvas.draw(widget, in: Rect(x: 1, y: y, width: width, height: rows))
      y += rows
    }
    if !buttons.buttons.isEmpty {
      buttons.draw(into: &canvas, at: Point(x: 1, y: canvas.height - 1))
    }
  }

  /// Passes keys to the buttons, then to ``onKey``.
  open func handle(_ key: Key) -> Bool {
    buttons.handle(key) || onKey?(key) == true
  }

  /// The extra hints and the buttons' keys.
  open var keyHints: [KeyHint] { extraKeyHints + buttons.keyHints }

  /// Each widget's lines, with the buttons as choices.
  open func linePage(width: Int) -> LinePage {
    LinePage(lines: widgets.flatMap { $0.lines(width: width) }, choices: buttons.buttons.map(\.title))
  }

  /// A choice number presses that button.
  open func handleLine(_ line: String) -> LineCommandResult {
    guard let index = LineCommandResult.choiceIndex(line, count: buttons.buttons.count) else {
      return .invalidChoice(count: buttons.buttons.count)
    }
    buttons.buttons[index].perform()
    return .handled
  }
}
