/// Draws into a copy of an ``RGBImage``: filled rectangles, box outlines, text in
/// ``BitmapFont`` and labelled boxes. Everything is clipped to the picture.
///
/// ```swift
/// var canvas = PixelCanvas(frame)
/// canvas.mark(BoundingBox(x: 40, y: 30, width: 64, height: 64), label: "happy 87%", color: (255, 210, 0))
/// let marked = canvas.image
/// ```
public struct PixelCanvas: Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  private var pixels: [UInt8]

  /// A canvas holding `image`; the image itself is left as it is.
  public init(_ image: RGBImage) {
    width = image.width
    height = image.height
    pixels = image.pixels
  }

  /// The picture with everything drawn so far.
  public var image: RGBImage { RGBImage(uncheckedWidth: width, height: height, pixels: pixels) }

  /// Paints the rectangle `x..<x+width`, `y..<y+height` in `color`.
  public mutating func fill(
    x: Int, y: Int, width: Int, height: Int, color: (red: UInt8, green: UInt8, blue: UInt8)
  ) {
    let left = max(0, x)
    let right = min(self.width, x + width)
    let top = max(0, y)
    let bottom = min(self.height, y + height)
    guard left < right, top < bottom else { return }
    for row in top..<bottom {
      for column in left..<right {
        let offset = (row * self.width + column) * 3
        pixels[offset] = color.red
        pixels[offset + 1] = color.green
        pixels[offset + 2] = color.blue
      }
    }
  }

  /// Paints the edges of `box`, `thickness` pixels wide inside it (the whole box when it is
  /// thinner than that).
  public mutating func outline(
    _ box: BoundingBox, thickness: Int, color: (red: UInt8, green: UInt8, blue: UInt8)
  ) {
    let side = min(thickness, box.width, box.height)
    fill(x: box.x, y: box.y, width: box.width, height: side, color: color)
    fill(x: box.x, y: box.y + box.height - side, width: box.width, height: side, color: color)
    fill(x: box.x, y: box.y, width: side, height: box.height, color: color)
    fill(x: box.x + box.width - side, y: box.y, width: side, height: box.height, color: color)
  }

  /// Writes `text` in ``BitmapFont`` with its top left corner at `x`, `y`, each font pixel
  /// `scale` pixels square and one font pixel between glyphs; only the ink is painted.
  public mutating func write(
    _ text: String, x: Int, y: Int, scale: Int, color: (red: UInt8, green: UInt8, blue: UInt8)
  ) {
    var left = x
    for character in text {
      for (row, line) in BitmapFont.glyph(character).enumerated() {
        for (column, ink) in line.enumerated() where ink == "#" {
          fill(x: left + column * scale, y: y + row * scale, width: scale, height: scale, color: color)
        }
      }
      left += (BitmapFont.width + 1) * scale
    }
  }

  /// Outlines `box` and writes `label` in black on a tab of the box's color above it (inside
  /// it when the box touches the top edge), sized to the picture: outlines 2 pixels thick and
  /// more on large pictures, the font scaled from 240 pixels up. A box wholly outside the
  /// picture draws nothing; an empty label draws no tab.
  public mutating func mark(_ box: BoundingBox, label: String, color: (red: UInt8, green: UInt8, blue: UInt8))
  {
    guard let box = box.clipped(width: width, height: height) else { return }
    let thickness = max(2, min(width, height) / 180)
    let scale = max(1, min(width, height) / 240)
    outline(box, thickness: thickness, color: color)
    guard !label.isEmpty else { return }
    let padding = scale
    let tabWidth = BitmapFont.width(of: label, scale: scale) + 2 * padding
    let tabHeight = BitmapFont.height * scale + 2 * padding
    let top = box.y - tabHeight >= 0 ? box.y - tabHeight : box.y
    let left = min(box.x, max(0, width - tabWidth))
    fill(x: left, y: top, width: tabWidth, height: tabHeight, color: color)
    write(label, x: left + padding, y: top + padding, scale: scale, color: (0, 0, 0))
  }
}
