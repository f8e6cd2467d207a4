/// An image drawn with Unicode half blocks: each cell shows two pixels, one above the other.
///
/// The image is scaled to fit the widget's area with its aspect ratio kept (a cell counts
/// as one pixel wide and two tall) and centred. Colors follow the canvas's ``ColorMode``:
/// 24-bit, the 256-color palette, or, in ``ColorMode/gray``, shading characters with no
/// color escapes at all. In line mode the image is drawn as ASCII shading.
public struct ImageView: Widget {
  /// The image; `nil` draws nothing.
  public var image: RGBImage?
  /// The most rows the image may take; `nil` to fill whatever is left.
  public var maximumHeight: Int?
  /// The most columns the image may take in line mode.
  public var lineModeWidth: Int

  /// Creates an image view.
  public init(image: RGBImage?, maximumHeight: Int? = nil, lineModeWidth: Int = 32) {
    self.image = image
    self.maximumHeight = maximumHeight
    self.lineModeWidth = lineModeWidth
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

  /// Draws the image centred in the canvas.
  public func draw(into canvas: inout Canvas) {
    guard let image else { return }
    let fitted = fittedSize(in: canvas.size)
    guard fitted.width > 0 else { return }
    let scale = min(
      Double(canvas.width) / Double(image.width), Double(canvas.height * 2) / Double(image.height))
    let pixelRows = max(1, min(fitted.height * 2, Int((Double(image.height) * scale).rounded())))
    let originX = (canvas.width - fitted.width) / 2
    let originY = (canvas.height - fitted.height) / 2
    let shades: [Character] = [" ", "░", "▒", "▓", "█"]
    for row in 0..<fitted.height {
      for column in 0..<fitted.width {
        let top = sample(image, column: column, pixelRow: row * 2, columns: fitted.width, rows: pixelRows)
        let hasBottom = row * 2 + 1 < pixelRows
        let bottom =
          hasBottom
          ? sample(image, column: column, pixelRow: row * 2 + 1, columns: fitted.width, rows: pixelRows) : nil
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
    return image.average(x0: x0, y0: y0, x1: x1, y1: y1)
  }

  private static func luminance(_ color: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
    (4899 * Int(color.red) + 9617 * Int(color.green) + 1868 * Int(color.blue) + 8192) >> 14
  }
}
