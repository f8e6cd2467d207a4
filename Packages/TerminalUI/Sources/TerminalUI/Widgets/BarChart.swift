/// Horizontal bars with labels and percentages, such as the seven emotion scores of a face.
///
/// ```
/// angry     ██▌                      8%
/// happy     ████████████████████    71%
/// ```
/// The largest value is drawn bold.
public struct BarChart: Widget {
  /// One bar.
  public struct Entry: Hashable, Sendable {
    /// The label on the left.
    public var label: String
    /// The value, from 0 to ``BarChart/maximum``.
    public var value: Double

    /// Creates an entry.
    public init(_ label: String, _ value: Double) {
      self.label = label
      self.value = value
    }
  }

  /// The bars, top to bottom.
  public var entries: [Entry]
  /// The value of a full bar; values are shown as a percentage of it.
  public var maximum: Double
  /// The style of the bars.
  public var style: Style

  /// Creates a chart.
  public init(_ entries: [Entry], maximum: Double = 1, style: Style = Style(foreground: .cyan)) {
    self.entries = entries
    self.maximum = maximum
    self.style = style
  }

  /// One row per entry.
  public func height(forWidth width: Int) -> Int? { entries.count }

  /// Draws the bars, the largest bold.
  public func draw(into canvas: inout Canvas) {
    let labelWidth = self.labelWidth(for: canvas.width)
    let barWidth = max(0, canvas.width - labelWidth - 6)
    let best = bestIndex
    let partials: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    for (row, entry) in entries.enumerated() where row < canvas.height {
      let emphasis = row == best
      canvas.put(
        DisplayWidth.pad(entry.label, to: labelWidth), at: Point(x: 0, y: row),
        style: emphasis ? .bold : .plain)
      let eighths = Int((fraction(entry) * Double(barWidth * 8)).rounded(.down))
      var barStyle = style
      barStyle.bold = emphasis
      for cell in 0..<barWidth {
        let filled = eighths - cell * 8
        guard filled > 0 else { break }
        canvas.set(filled >= 8 ? "█" : partials[filled], x: labelWidth + 1 + cell, y: row, style: barStyle)
      }
      let percent = percentText(entry)
      canvas.put(
        percent, at: Point(x: canvas.width - DisplayWidth.of(percent), y: row),
        style: emphasis ? .bold : .plain)
    }
  }

  /// `happy     ##########          71%`, one line per entry.
  public func lines(width: Int) -> [String] {
    let labelWidth = self.labelWidth(for: width)
    let barWidth = max(0, width - labelWidth - 6)
    return entries.map { entry in
      let filled = Int((fraction(entry) * Double(barWidth)).rounded(.down))
      let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: barWidth - filled)
      let percent = percentText(entry)
      return DisplayWidth.pad(entry.label, to: labelWidth) + " " + bar
        + String(repeating: " ", count: max(0, 5 - percent.count)) + percent
    }
  }

  /// The index of the largest value, or `nil` for no entries.
  public var bestIndex: Int? {
    entries.indices.max { entries[$0].value < entries[$1].value }
  }

  private func fraction(_ entry: Entry) -> Double {
    guard maximum > 0, !entry.value.isNaN else { return 0 }
    return min(1, max(0, entry.value / maximum))
  }

  private func percentText(_ entry: Entry) -> String { "\(Int((fraction(entry) * 100).rounded()))%" }

  private func labelWidth(for width: Int) -> Int {
    min(entries.map { DisplayWidth.of($0.label) }.max() ?? 0, max(1, width / 3))
  }
}
