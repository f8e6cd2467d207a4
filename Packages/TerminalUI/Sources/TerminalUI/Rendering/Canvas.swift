/// A grid of styled cells that screens and widgets draw into; the renderer diffs two of them.
///
/// Drawing is clipped to the canvas, never traps, and keeps wide characters whole: a wide
/// character that does not fit in the last column is left out, and writing over half of
/// one blanks the other half.
///
/// ```swift
/// var canvas = Canvas(size: Size(width: 20, height: 2))
/// canvas.put("Hello", at: Point(x: 1, y: 0), style: .bold)
/// canvas.text   // " Hello"
/// ```
public struct Canvas: Hashable, Sendable {
  /// The size in cells.
  public let size: Size
  /// The colors the terminal shows; widgets such as ``ImageView`` draw differently per mode.
  public var colorMode: ColorMode
  /// The cells, row by row.
  public private(set) var cells: [Cell]
  /// Pictures to show as real images where the terminal can, over the cells they cover.
  public private(set) var images: [ImagePlacement] = []
  /// Whether the terminal shows placed pictures as images, so a widget such as ``ImageView``
  /// need not draw cells under them; set by the router from the run loop's choice.
  public var showsPictures = false

  /// Creates a blank canvas.
  public init(size: Size, colorMode: ColorMode = .palette256, showsPictures: Bool = false) {
    self.size = size
    self.colorMode = colorMode
    self.showsPictures = showsPictures
    cells = Array(repeating: .blank, count: size.width * size.height)
  }

  /// The width in columns.
  public var width: Int { size.width }
  /// The height in rows.
  public var height: Int { size.height }

  /// The cell at a column and row; a blank cell outside the canvas.
  public subscript(x: Int, y: Int) -> Cell {
    guard contains(x: x, y: y) else { return .blank }
    return cells[y * size.width + x]
  }

  /// Whether the position lies inside the canvas.
  public func contains(x: Int, y: Int) -> Bool {
    x >= 0 && y >= 0 && x < size.width && y < size.height
  }

  /// Writes `text` on row `point.y` from column `point.x`, clipped to `maxWidth` columns and
  /// to the canvas. Control characters are shown as `�`; tabs as a space.
  ///
  /// - Returns: the number of columns written.
  @discardableResult
  public mutating func put(
    _ text: String, at point: Point, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    let limit = min(size.width, point.x + (maxWidth ?? size.width))
    var x = point.x
    for raw in text {
      let character = Self.printable(raw)
      let columns = DisplayWidth.of(character)
      if columns == 0 { continue }
      if x + columns > limit { break }
      if x >= 0 { set(character, x: x, y: point.y, style: style, columns: columns) }
      x += columns
    }
    return max(0, x - point.x)
  }

  /// Writes one cell, keeping wide characters whole.
  public mutating func set(_ character: Character, x: Int, y: Int, style: Style = .plain) {
    let columns = DisplayWidth.of(Self.printable(character))
    guard columns > 0, x + columns <= size.width else { return }
    set(Self.printable(character), x: x, y: y, style: style, columns: columns)
  }

  /// Fills a rectangle with one character.
  public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
    for y in max(0, rect.minY)..<min(size.height, rect.maxY) {
      for x in max(0, rect.minX)..<min(size.width, rect.maxX) {
        set(character, x: x, y: y, style: style)
      }
    }
  }

  /// Changes the style of every cell in `rect`, keeping the characters.
  public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
    for y in max(0, rect.minY)..<min(size.height, rect.maxY) {
      for x in max(0, rect.minX)..<min(size.width, rect.maxX) {
        change(&cells[y * size.width + x].style)
      }
    }
  }

  /// Puts `image` on the canvas to be shown in `rect` as a real image where the terminal can
  /// (see ``ImagePlacement``); the cells there are what other terminals show. A rectangle
  /// that does not lie wholly inside the canvas places nothing.
  public mutating func place(_ image: RGBImage, in rect: Rect) {
    guard rect.width > 0, rect.height > 0, rect.minX >= 0, rect.minY >= 0, rect.maxX <= width,
      rect.maxY <= height
    else { return }
    images.removeAll { $0.rect == rect }
    images.append(ImagePlacement(rect: rect, image: image))
  }

  /// The canvas with the cells under its pictures blank, for a terminal that shows them.
  func blankingImages() -> Canvas {
    var copy = self
    for placement in images {
      for y in placement.rect.minY..<placement.rect.maxY {
        for x in placement.rect.minX..<placement.rect.maxX { copy.cells[y * size.width + x] = .blank }
      }
    }
    return copy
  }

  /// Copies `canvas` onto this one with its top left corner at `origin`, clipped, with its
  /// pictures.
  public mutating func draw(_ canvas: Canvas, at origin: Point) {
    defer {
      for placement in canvas.images {
        let rect = placement.rect
        place(
          placement.image,
          in: Rect(x: rect.minX + origin.x, y: rect.minY + origin.y, width: rect.width, height: rect.height))
      }
    }
    for y in 0..<canvas.height {
      let targetY = origin.y + y
      guard targetY >= 0, targetY < size.height else { continue }
      for x in 0..<canvas.width {
        let cell = canvas[x, y]
        let targetX = origin.x + x
        guard targetX >= 0, targetX < size.width, !cell.isContinuation else { continue }
        set(cell.character, x: targetX, y: targetY, style: cell.style)
      }
    }
  }

  /// Draws a single-line box along the edge of `rect`, with an optional title in the top edge.
  public mutating func box(_ rect: Rect, title: String? = nil, style: Style = .plain) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    for x in rect.minX + 1..<rect.maxX - 1 {
      set("─", x: x, y: rect.minY, style: style)
      set("─", x: x, y: rect.maxY - 1, style: style)
    }
    for y in rect.minY + 1..<rect.maxY - 1 {
      set("│", x: rect.minX, y: y, style: style)
      set("│", x: rect.maxX - 1, y: y, style: style)
    }
    set("┌", x: rect.minX, y: rect.minY, style: style)
    set("┐", x: rect.maxX - 1, y: rect.minY, style: style)
    set("└", x: rect.minX, y: rect.maxY - 1, style: style)
    set("┘", x: rect.maxX - 1, y: rect.maxY - 1, style: style)
    if let title, rect.width > 6 {
      put(
        " " + title + " ", at: Point(x: rect.minX + 2, y: rect.minY), style: style.with(bold: true),
        maxWidth: rect.width - 4)
    }
  }

  /// The rows as plain text, trailing spaces removed: what a person would read.
  public var lines: [String] {
    (0..<size.height).map { y in
      var line = ""
      for x in 0..<size.width where !self[x, y].isContinuation { line.append(self[x, y].character) }
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// ``lines`` joined with newlines, for comparing with expected frames in tests.
  public var text: String { lines.joined(separator: "\n") }

  private mutating func set(_ character: Character, x: Int, y: Int, style: Style, columns: Int) {
    guard contains(x: x, y: y) else { return }
    if !images.isEmpty {
      // Something drawn over a picture: the cells show, not the picture.
      images.removeAll { $0.rect.minX <= x && x < $0.rect.maxX && $0.rect.minY <= y && y < $0.rect.maxY }
    }
    let row = y * size.width
    // Writing over either half of a wide character blanks its other half.
    if cells[row + x].isContinuation, x > 0 {
      cells[row + x - 1] = Cell(" ", style: cells[row + x - 1].style)
    }
    let oldColumns = cells[row + x].isContinuation ? 1 : DisplayWidth.of(cells[row + x].character)
    if oldColumns == 2, x + 1 < size.width, columns == 1 {
      cells[row + x + 1] = Cell(" ", style: cells[row + x + 1].style)
    }
    cells[row + x] = Cell(character, style: style)
    if columns == 2, x + 1 < size.width {
      if x + 2 < size.width, cells[row + x + 2].isContinuation {
        cells[row + x + 2] = Cell(" ", style: cells[row + x + 2].style)
      }
      cells[row + x + 1] = Cell(" ", style: style, isContinuation: true)
    }
  }

  private static func printable(_ character: Character) -> Character {
    if character == "\t" { return " " }
    if let scalar = character.unicodeScalars.first,
      scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    {
      return "\u{FFFD}"
    }
    return character
  }
}
