/// An image drawn with Unicode half blocks: each cell shows two pixels, one above the other.
///
/// The image is scaled to fit the widget's area with its aspect ratio kept (a cell counts
/// as one pixel wide and two tall) and centred. Colors follow the canvas's ``ColorMode``:
/// 24-bit, the 256-color palette, or, in ``ColorMode/gray``, shading characters with no
/// color escapes at all. In line mode the image is drawn as ASCII shading.
///
/// ``boxes`` outline regions of the image, such as detected faces, each with a label:
///
/// ```swift
/// ImageView(image: frame, boxes: [ImageView.Box(x: 40, y: 30, width: 64, height: 64, label: "happy")])
/// ```
public struct ImageView: Widget {
  /// A rectangle drawn over the image, in the image's pixel coordinates.
  public struct Box: Hashable, Sendable {
    /// The left edge, in image pixels.
    public var x: Int
    /// The top edge, in image pixels.
    public var y: Int
    /// The width, in image pixels.
    public var width: Int
    /// The height, in image pixels.
    public var height: Int
    /// Text written on the box's top edge, such as the emotion; `nil` for none.
    public var label: String?
    /// The outline's color.
    public var color: Color

    /// Creates a box.
    public init(
      x: Int, y: Int, width: Int, height: Int, label: String? = nil, color: Color = .rgb(255, 220, 0)
    ) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
      self.label = label
      self.color = color
    }
  }

  /// The image; `nil` draws nothing.
  public var image: RGBImage?
  /// Outlines drawn over the image.
  public var boxes: [Box]
  /// The most rows the image may take; `nil` to fill whatever is left.
  public var maximumHeight: Int?
  /// The most columns the image may take in line mode.
  public var lineModeWidth: Int
  /// The picture a terminal with graphics shows at full resolution instead of the half
  /// blocks (``Canvas/place(_:in:)``): the image with its boxes drawn in, since they are not
  /// drawn over it there. `nil` sends ``image`` as it is.
  public var graphicsImage: RGBImage?

  /// Creates an image view.
  public init(
    image: RGBImage?, boxes: [Box] = [], maximumHeight: Int? = nil, lineModeWidth: Int = 32,
    graphicsImage: RGBImage? = nil
  ) {
    self.image = image
    self.boxes = boxes
    self.maximumHeight = maximumHeight
    self.lineModeWidth = lineModeWidth
    self.graphicsImage = graphicsImage
  }

  /// Fills what is left, or ``maximumHeight`` rows.
  public func height(forWidth width: Int) -> Int? { maximumHeight }

  /// The size in cells the image takes inside an area of `available` cells.
  public func fittedSize(in available: Size) -> Size {
    guard let image, image.width > 0, image.height > 0, available.width > 0, available.height > 0 else {
      return Size(width: 0, height: 0)
    }
    let scale = min(
      Double(available.width) / Double(image.width), Double(available.height * 2) / Double(image.height))
    let width = max(1, min(available.width, Int((Double(image.width) * scale).rounded())))
    let pixelRows = max(1, min(available.height * 2, Int((Double(image.height) * scale).rounded())))
    return Size(width: width, height: (pixelRows + 1) / 2)
  }

  /// Draws the image centred in the canvas, then the boxes and their labels, and places
  /// ``graphicsImage`` (or the image) over the whole area for terminals that show pictures;
  /// on a canvas that ``Canvas/showsPictures``, only places it.
  public func draw(into canvas: inout Canvas) {
    guard let image else { return }
    defer {
      canvas.place(graphicsImage ?? image, in: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
    }
    // The terminal shows the picture itself: no half blocks under it.
    if canvas.showsPictures { return }
    let fitted = fittedSize(in: canvas.size)
    guard fitted.width > 0 else { return }
    let scale = min(
      Double(canvas.width) / Double(image.width), Double(canvas.height * 2) / Double(image.height))
    let pixelRows = max(1, min(fitted.height * 2, Int((Double(image.height) * scale).rounded())))
    let originX = (canvas.width - fitted.width) / 2
    let originY = (canvas.height - fitted.height) / 2
    let outlines = boxes.map { outline(of: $0, image: image, columns: fitted.width, rows: pixelRows) }
    func pixel(_ column: Int, _ row: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
      for (box, outline) in zip(boxes, outlines) where outline.contains(column: column, row: row) {
        return Self.components(of: box.color)
      }
      return sample(image, column: column, pixelRow: row, columns: fitted.width, rows: pixelRows)
    }
    let shades: [Character] = [" ", "░", "▒", "▓", "█"]
    for row in 0..<fitted.height {
      for column in 0..<fitted.width {
        let top = pixel(column, row * 2)
        let bottom = row * 2 + 1 < pixelRows ? pixel(column, row * 2 + 1) : nil
        let x = originX + column
        let y = originY + row
        if canvas.colorMode == .gray {
          let level = (Self.luminance(top) + (bottom.map(Self.luminance) ?? Self.luminance(top))) / 2
          canvas.set(shades[min(4, level * 5 / 256)], x: x, y: y)
        } else {
          let style = Style(
            foreground: .rgb(top.red, top.green, top.blue),
            background: bottom.map { .rgb($0.red, $0.green, $0.blue) })
          canvas.set("▀", x: x, y: y, style: style)
        }
      }
    }
    for (box, outline) in zip(boxes, outlines) {
      guard let label = box.label, !label.isEmpty, outline.right > outline.left else { continue }
      let style =
        canvas.colorMode == .gray
        ? Style.reverse : Style(bold: true, foreground: .rgb(0, 0, 0), background: box.color)
      // A label may run past a narrow box (a face far away is a few cells wide), up to the
      // picture's right edge, so that it can still be read.
      canvas.put(
        DisplayWidth.truncate(label, to: max(1, outline.right - outline.left, fitted.width - outline.left)),
        at: Point(x: originX + outline.left, y: originY + outline.top / 2), style: style)
    }
  }

  /// A box in target pixels: columns `left..<right`, pixel rows `top..<bottom`.
  private struct Outline {
    let left: Int
    let top: Int
    let right: Int
    let bottom: Int

    func contains(column: Int, row: Int) -> Bool {
      guard column >= left, column < right, row >= top, row < bottom else { return false }
      return column == left || column == right - 1 || row == top || row == bottom - 1
    }
  }

  private func outline(of box: Box, image: RGBImage, columns: Int, rows: Int) -> Outline {
    func scaled(_ value: Int, _ source: Int, _ target: Int) -> Int {
      min(target, max(0, value * target / max(1, source)))
    }
    let left = scaled(box.x, image.width, columns)
    let top = scaled(box.y, image.height, rows)
    let right = max(left + 1, scaled(box.x + box.width, image.width, columns))
    let bottom = max(top + 1, scaled(box.y + box.height, image.height, rows))
    return Outline(left: left, top: top, right: min(right, columns), bottom: min(bottom, rows))
  }

  private static func components(of color: Color) -> (red: UInt8, green: UInt8, blue: UInt8) {
    switch color {
    case .rgb(let red, let green, let blue): return (red, green, blue)
    case .basic(let index):
      let table: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
      ]
      let entry = table[Int(index & 15)]
      return (entry.0, entry.1, entry.2)
    case .palette(let index):
      if index < 16 { return components(of: .basic(index)) }
      if index >= 232 {
        let level = UInt8(8 + 10 * (Int(index) - 232))
        return (level, level, level)
      }
      let cube = Int(index) - 16
      let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
      return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
    }
  }

  /// The image as ASCII shading, at most ``lineModeWidth`` columns wide.
  public func lines(width: Int) -> [String] {
    guard let image else { return [] }
    let available = Size(width: min(width, lineModeWidth), height: max(1, min(width, lineModeWidth) / 2))
    let fitted = fittedSize(in: available)
    let ramp = Array(" .:-=+*#%@")
    var lines: [String] = []
    for row in 0..<fitted.height {
      var line = ""
      for column in 0..<fitted.width {
        let color = sample(image, column: column, pixelRow: row, columns: fitted.width, rows: fitted.height)
        line.append(ramp[min(ramp.count - 1, Self.luminance(color) * ramp.count / 256)])
      }
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    return lines
  }

  /// The average of the source pixels under one target pixel.
  private func sample(
    _ image: RGBImage, column: Int, pixelRow: Int, columns: Int, rows: Int
  ) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let x0 = column * image.width / columns
    let x1 = (column + 1) * image.width / columns
    let y0 = pixelRow * image.height / rows
    let y1 = (pixelRow + 1) * image.height / rows
    return Self.average(image, x0: x0, y0: y0, x1: x1, y1: y1)
  }

  /// The average color of the pixels in `[x0, x1) x [y0, y1)`, clamped to the image.
  private static func average(
    _ image: RGBImage, x0: Int, y0: Int, x1: Int, y1: Int
  ) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let left = max(0, min(x0, image.width - 1))
    let top = max(0, min(y0, image.height - 1))
    let right = max(left + 1, min(x1, image.width))
    let bottom = max(top + 1, min(y1, image.height))
    var sums = (0, 0, 0)
    for y in top..<bottom {
      for x in left..<right {
        let index = (y * image.width + x) * 3
        sums.0 += Int(image.pixels[index])
        sums.1 += Int(image.pixels[index + 1])
        sums.2 += Int(image.pixels[index + 2])
      }
    }
    let count = (right - left) * (bottom - top)
    return (UInt8(sums.0 / count), UInt8(sums.1 / count), UInt8(sums.2 / count))
  }

  private static func luminance(_ color: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
    (4899 * Int(color.red) + 9617 * Int(color.green) + 1868 * Int(color.blue) + 8192) >> 14
  }
}
