/// A picture a screen puts on the canvas to be shown as a real image where the terminal can
/// (the kitty graphics protocol or sixel): the renderer fits it into ``rect`` with its aspect
/// kept, in place of the cells there.
///
/// The cells under it still hold what a terminal without graphics shows (``ImageView`` draws
/// half blocks there), and writing any cell inside ``rect`` afterwards (a modal box, a
/// message) takes the placement off the canvas, so those cells are shown instead.
public struct ImagePlacement: Hashable, Sendable {
  /// The cells the picture may fill.
  public var rect: Rect
  /// The picture, at its own resolution.
  public var image: RGBImage

  /// Equal when the rectangles and pictures are; two pictures that share their pixel storage
  /// compare at once, so an unchanged frame costs nothing.
  public static func == (lhs: ImagePlacement, rhs: ImagePlacement) -> Bool {
    lhs.rect == rhs.rect && lhs.image.width == rhs.image.width && lhs.image.height == rhs.image.height
      && lhs.image.pixels == rhs.image.pixels
  }

  /// Hashes the rectangle and the picture's size, not its pixels.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(rect)
    hasher.combine(image.width)
    hasher.combine(image.height)
  }
}
