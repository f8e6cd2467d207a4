/// Face boxes and their labels burnt into a copy of a picture, for showing or saving a frame
/// as the screen shows it; Pixels' ``PixelCanvas`` does the drawing.
///
/// ```swift
/// let marked = FrameAnnotator.annotate(frame.image, with: [
///   .init(box: face.box, label: "happy 87%", color: (230, 159, 0)),
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

  /// Every face of `frame` boxed in the color of its shown emotion (a tracked face's steady
  /// one) and labelled with its ``RecognizedFace/caption``, as the Vision screen shows them.
  public static func marks(for frame: RecognizedFrame) -> [Mark] {
    marks(for: frame.faces)
  }

  /// The marks of `faces`, as ``marks(for:)-(RecognizedFrame)`` draws a frame's.
  public static func marks(for faces: [RecognizedFace]) -> [Mark] {
    faces.map { face in
      Mark(box: face.box, label: face.caption, color: EmotionPalette.components(of: face.shownEmotion))
    }
  }

  /// The picture with every mark drawn by ``PixelCanvas/mark(_:label:color:)``, later marks
  /// over earlier ones.
  public static func annotate(_ image: RGBImage, with marks: [Mark]) -> RGBImage {
    var canvas = PixelCanvas(image)
    for mark in marks { canvas.mark(mark.box, label: mark.label, color: mark.color) }
    return canvas.image
  }
}
