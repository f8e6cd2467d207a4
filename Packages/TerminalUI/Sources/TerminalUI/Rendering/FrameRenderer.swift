/// Turns canvases into terminal output, writing only the cells that changed since the last frame.
///
/// Each frame that changes anything is wrapped in synchronized-output markers
/// (`CSI ?2026h` … `CSI ?2026l`), so terminals that support them show it at once and the
/// others ignore them; together with writing only changed cells this keeps redraws free of
/// flicker. A first frame, or one of a new size, clears the screen and writes every
/// non-blank cell.
///
/// For each changed cell the renderer moves the cursor with `CSI row;col H` unless it is
/// already there (or rewrites up to four unchanged cells when that is shorter), sets the style with `CSI 0;…m` when it differs from the last one written,
/// and writes the character. A frame ends with `CSI 0m` when it left a style set. Styles are
/// compared by the sequence they produce, so in ``ColorMode/gray`` color changes cost nothing.
public struct FrameRenderer: Sendable {
  /// The frame the terminal shows now, as far as the renderer knows.
  public private(set) var current: Canvas?

  /// Creates a renderer that has drawn nothing yet.
  public init() {}

  /// Forgets the terminal's contents, so the next frame is drawn in full (after a resize,
  /// or when something else wrote to the terminal).
  public mutating func invalidate() { current = nil }

  /// The bytes that turn the current frame into `frame`; empty when nothing changed.
  public mutating func render(_ frame: Canvas) -> [UInt8] {
    var output = ""
    let previous: Canvas
    if let current, current.size == frame.size {
      previous = current
    } else {
      output += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
      previous = Canvas(size: frame.size, colorMode: frame.colorMode)
    }
    var cursor: Point?
    var style = Style.plain
    var sgr = Self.sgr(.plain, mode: frame.colorMode)
    for y in 0..<frame.height {
      var x = 0
      while x < frame.width {
        let cell = frame[x, y]
        let columns = cell.isContinuation ? 1 : max(1, DisplayWidth.of(cell.character))
        var changed = cell != previous[x, y]
        if columns == 2, frame[x + 1, y] != previous[x + 1, y] { changed = true }
        if changed, !cell.isContinuation {
          moveCursor(to: Point(x: x, y: y), from: cursor, in: frame, style: style, output: &output)
          if cell.style != style {
            let cellSGR = Self.sgr(cell.style, mode: frame.colorMode)
            if cellSGR != sgr { output += cellSGR }
            style = cell.style
            sgr = cellSGR
          }
          output.append(cell.character)
          cursor = Point(x: x + columns, y: y)
        } else if changed, cell.isContinuation {
          // The wide character on the left was replaced: blank the stray right half.
          moveCursor(to: Point(x: x, y: y), from: cursor, in: frame, style: style, output: &output)
          if cell.style != style {
            let cellSGR = Self.sgr(cell.style, mode: frame.colorMode)
            if cellSGR != sgr { output += cellSGR }
            style = cell.style
            sgr = cellSGR
          }
          output += " "
          cursor = Point(x: x + 1, y: y)
        }
        x += cell.isContinuation ? 1 : columns
      }
    }
    current = frame
    if output.isEmpty { return [] }
    if sgr != Self.sgr(.plain, mode: frame.colorMode) { output += "\u{1B}[0m" }
    return Array(("\u{1B}[?2026h" + output + "\u{1B}[?2026l").utf8)
  }

  /// Moves the cursor to `target`: nothing when it is there, the unchanged cells in between
  /// when it is at most four plain cells to the left on the same row (shorter than a cursor
  /// move), `CSI row;col H` otherwise.
  private func moveCursor(
    to target: Point, from cursor: Point?, in frame: Canvas, style: Style, output: inout String
  ) {
    guard cursor != target else { return }
    if let cursor, cursor.y == target.y, cursor.x < target.x, target.x - cursor.x <= 4,
      (cursor.x..<target.x).allSatisfy({ x in
        let cell = frame[x, target.y]
        return Self.sgr(cell.style, mode: frame.colorMode) == Self.sgr(style, mode: frame.colorMode)
          && !cell.isContinuation && DisplayWidth.of(cell.character) == 1
      })
    {
      for x in cursor.x..<target.x { output.append(frame[x, target.y].character) }
      return
    }
    output += "\u{1B}[\(target.y + 1);\(target.x + 1)H"
  }

  /// The select-graphic-rendition sequence for a style: a reset followed by its attributes.
  public static func sgr(_ style: Style, mode: ColorMode) -> String {
    let parameters = ["0"] + style.sgrParameters(for: mode)
    return "\u{1B}[" + parameters.joined(separator: ";") + "m"
  }
}
