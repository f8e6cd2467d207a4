/// Burns face boxes and their labels into a copy of a picture, for saving a frame as the
/// screen shows it.
///
/// Outlines are a few pixels thick (more on large pictures); each label is written in black
/// on a tab of the box's color above the box (inside it when the box touches the top edge).
///
/// ```swift
/// let marked = FrameAnnotator.annotate(frame.image, with: [
///   .init(box: face.box, label: "happy 87%", color: (255, 210, 0)),
/// ])
/// try PNGEncoder.write(marked, to: "frame.png")
/// ```
public enum FrameAnnotator {
  /// A box to draw, with its label and color.
  public struct Mark: Sendable {
    /// The box, in the picture's pixels; clipped to the picture.
    public var box: BoundingBox
    /// Text above the box, such as `happy 87%`; empty for none.
    public var label: String
    /// The outline and tab color.
    public var color: (red: UInt8, green: UInt8, blue: UInt8)

    /// Creates a mark.
    public init(box: BoundingBox, label: String, color: (red: UInt8, green: UInt8, blue: UInt8)) {
      self.box = box
      self.label = label
      self.color = color
    }
  }

  /// Every face of `frame` boxed in its emotion's color and labelled with its
  /// ``RecognizedFace/caption``, as the Vision screen shows them.
  public static func marks(for frame: RecognizedFrame) -> [Mark] {
    frame.faces.map { face in
      Mark(box: face.box, label: face.caption, color: EmotionPalette.components(of: face.emotion))
    }
  }

  /// The picture with every mark drawn, later marks over earlier ones.
  public static func annotate(_ image: RGBImage, with marks: [Mark]) -> RGBImage {
    var canvas = PixelCanvas(image)
    let thickness = max(2, min(image.width, image.height) / 180)
    let scale = max(1, min(image.width, image.height) / 240)
    for mark in marks {
      guard let box = mark.box.clipped(width: image.width, height: image.height) else { continue }
      canvas.outline(box, thickness: thickness, color: mark.color)
      guard !mark.label.isEmpty else { continue }
      let padding = scale
      let tabWidth = BitmapFont.width(of: mark.label, scale: scale) + 2 * padding
      let tabHeight = BitmapFont.height * scale + 2 * padding
      let top = box.y - tabHeight >= 0 ? box.y - tabHeight : box.y
      let left = min(box.x, max(0, image.width - tabWidth))
      canvas.fill(x: left, y: top, width: tabWidth, height: tabHeight, color: mark.color)
      canvas.text(mark.label, x: left + padding, y: top + padding, scale: scale, color: (0, 0, 0))
    }
    return canvas.image
  }

  /// Pixels being drawn on; everything is clipped to the picture.
  private struct PixelCanvas {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(_ image: RGBImage) {
      width = image.width
      height = image.height
      pixels = image.pixels
    }

    var image: RGBImage { RGBImage(uncheckedWidth: width, height: height, pixels: pixels) }

    mutating func fill(
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

    mutating func outline(_ box: BoundingBox, thickness: Int, color: (red: UInt8, green: UInt8, blue: UInt8))
    {
      let side = min(thickness, box.width, box.height)
      fill(x: box.x, y: box.y, width: box.width, height: side, color: color)
      fill(x: box.x, y: box.y + box.height - side, width: box.width, height: side, color: color)
      fill(x: box.x, y: box.y, width: side, height: box.height, color: color)
      fill(x: box.x + box.width - side, y: box.y, width: side, height: box.height, color: color)
    }

    mutating func text(
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
  }
}
