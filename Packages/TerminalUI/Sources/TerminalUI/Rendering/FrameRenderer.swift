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

  /// How pictures placed on canvases (``Canvas/place(_:in:)``) are sent; nil shows the cells
  /// under them (half blocks) instead.
  public var graphics: ImageOutput? {
    didSet { current = nil }
  }

  /// The pictures the terminal shows now, in the order placed.
  private var shownImages: [ImagePlacement] = []

  /// Creates a renderer that has drawn nothing yet.
  public init(graphics: ImageOutput? = nil) {
    self.graphics = graphics
  }

  /// Forgets the terminal's contents, so the next frame is drawn in full (after a resize,
  /// or when something else wrote to the terminal).
  public mutating func invalidate() { current = nil }

  /// The bytes that turn the current frame into `frame`; empty when nothing changed.
  ///
  /// With ``graphics``, the cells under each picture are left blank and the picture is sent
  /// after them, fitted to its rectangle at the cell size, only when it or its place changed;
  /// a picture gone or moved is erased (kitty), or its cells are written again (sixel).
  public mutating func render(_ newFrame: Canvas) -> [UInt8] {
    var output = ""
    let frame = graphics == nil ? newFrame : newFrame.blankingImages()
    var imageBytes: [UInt8] = []
    var forced: [Rect] = []
    let previous: Canvas
    if let current, current.size == frame.size {
      previous = current
    } else {
      output += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
      previous = Canvas(size: frame.size, colorMode: frame.colorMode)
      if let graphics, !shownImages.isEmpty { imageBytes += graphics.encoder.eraseAll() }
      shownImages = []
    }
    if let graphics {
      let wanted = newFrame.images
      for (index, shown) in shownImages.enumerated() {
        let next = wanted.indices.contains(index) ? wanted[index] : nil
        let erase = graphics.encoder.erase(id: index + 1)
        if next == nil, !erase.isEmpty { imageBytes += erase }
        // A sixel picture stays in the cells until they are written again; a new frame of
        // the same size in the same place covers it.
        let covered =
          next.map {
            $0.rect == shown.rect && $0.image.width == shown.image.width
              && $0.image.height == shown.image.height
          } ?? false
        if erase.isEmpty, !covered { forced.append(shown.rect) }
      }
    }
    var cursor: Point?
    var style = Style.plain
    var sgr = Self.sgr(.plain, mode: frame.colorMode)
    for y in 0..<frame.height {
      var x = 0
      while x < frame.width {
        let cell = frame[x, y]
        let columns = cell.isContinuation ? 1 : max(1, DisplayWidth.of(cell.character))
        var changed =
          cell != previous[x, y] || (!forced.isEmpty && forced.contains { $0.contains(x: x, y: y) })
        if columns == 2, frame[x + 1, y] != previous[x + 1, y] { changed = true }
        if changed {
          moveCursor(to: Point(x: x, y: y), from: cursor, in: frame, style: style, output: &output)
          if cell.style != style {
            let cellSGR = Self.sgr(cell.style, mode: frame.colorMode)
            if cellSGR != sgr { output += cellSGR }
            style = cell.style
            sgr = cellSGR
          }
          if cell.isContinuation {
            // The wide character on the left was replaced: blank the stray right half.
            output += " "
            cursor = Point(x: x + 1, y: y)
          } else {
            output.append(cell.character)
            cursor = Point(x: x + columns, y: y)
          }
        }
        x += cell.isContinuation ? 1 : columns
      }
    }
    current = frame
    if sgr != Self.sgr(.plain, mode: frame.colorMode) { output += "\u{1B}[0m" }
    if let graphics {
      let wanted = newFrame.images
      for (index, placement) in wanted.enumerated()
      where !shownImages.indices.contains(index) || shownImages[index] != placement {
        let fit = graphics.fit(placement)
        imageBytes += Array("\u{1B}[\(fit.origin.y + 1);\(fit.origin.x + 1)H".utf8)
        imageBytes += graphics.encoder.encode(
          fit.image, columns: fit.size.width, rows: fit.size.height, id: index + 1)
      }
      shownImages = wanted
    }
    if output.isEmpty, imageBytes.isEmpty { return [] }
    return Array(("\u{1B}[?2026h" + output).utf8) + imageBytes + Array("\u{1B}[?2026l".utf8)
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
