/// How the renderer sends pictures: the encoder and the terminal's cell size in pixels.
public struct ImageOutput: Sendable {
  /// Writes the pictures.
  public var encoder: any TerminalImageEncoder
  /// A cell's size in pixels, for fitting pictures to cells.
  public var cellSize: Size

  /// Creates an output; a cell size without both sides is taken as 10x20 pixels.
  public init(encoder: any TerminalImageEncoder, cellSize: Size?) {
    self.encoder = encoder
    if let cellSize, cellSize.width > 0, cellSize.height > 0 {
      self.cellSize = cellSize
    } else {
      self.cellSize = Size(width: 10, height: 20)
    }
  }

  /// Where a placement's picture goes and at what resolution.
  public struct Fit: Equatable, Sendable {
    /// The top left cell.
    public var origin: Point
    /// The cells it covers.
    public var size: Size
    /// The picture to send: never larger than the source, no larger than the cells' pixels.
    public var image: RGBImage
  }

  /// The picture fitted into the placement's cells with its aspect kept, centred. A terminal
  /// that scales gets it in exactly the cells it fills, shrunk when those hold fewer pixels;
  /// one that shows pixels one to one gets it at most at its own size.
  public func fit(_ placement: ImagePlacement) -> Fit {
    let rect = placement.rect
    let image = placement.image
    let areaWidth = Double(rect.width * cellSize.width)
    let areaHeight = Double(rect.height * cellSize.height)
    let scale = min(areaWidth / Double(image.width), areaHeight / Double(image.height))
    let shrink = min(1, scale)
    let pixelWidth = max(1, Int((Double(image.width) * shrink).rounded()))
    let pixelHeight = max(1, Int((Double(image.height) * shrink).rounded()))
    let shownWidth = encoder.scalesToCells ? Double(image.width) * scale : Double(pixelWidth)
    let shownHeight = encoder.scalesToCells ? Double(image.height) * scale : Double(pixelHeight)
    let columns = min(rect.width, max(1, Int((shownWidth / Double(cellSize.width)).rounded(.up))))
    let rows = min(rect.height, max(1, Int((shownHeight / Double(cellSize.height)).rounded(.up))))
    return Fit(
      origin: Point(x: rect.minX + (rect.width - columns) / 2, y: rect.minY + (rect.height - rows) / 2),
      size: Size(width: columns, height: rows),
      image: image.scaled(toWidth: pixelWidth, height: pixelHeight))
  }
}
