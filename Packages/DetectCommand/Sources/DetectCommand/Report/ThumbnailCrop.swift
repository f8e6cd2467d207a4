import FaceAnalysis

/// The square a face's picture is cut from, and the cut: centred on the face's box, its side
/// the box's longer side with a margin on each side, kept inside the frame (moved, then
/// shrunk to the frame's shorter side when it cannot fit), scaled to `side` pixels.
struct ThumbnailCrop: Equatable, Sendable {
  /// The smallest side a picture may have: what the report promises.
  static let minimumSide = 48

  /// The picture's side in pixels, at least ``minimumSide``.
  var side: Int
  /// The margin on each side of the box, as a fraction of its longer side.
  var margin: Double

  /// A crop to `side` pixels (``minimumSide`` at least) with `margin` around the box.
  init(side: Int = 96, margin: Double = 0.25) {
    self.side = max(Self.minimumSide, side)
    self.margin = max(0, margin)
  }

  /// The square to cut from a `width` by `height` frame for `box`; nil when the box lies
  /// wholly outside the frame.
  func square(around box: BoundingBox, width: Int, height: Int) -> BoundingBox? {
    guard width > 0, height > 0, box.clipped(width: width, height: height) != nil else { return nil }
    let wanted = Int((Double(max(box.width, box.height)) * (1 + 2 * margin)).rounded())
    let length = min(max(wanted, 1), width, height)
    let centerX = box.x + box.width / 2
    let centerY = box.y + box.height / 2
    let left = min(max(centerX - length / 2, 0), width - length)
    let top = min(max(centerY - length / 2, 0), height - length)
    return BoundingBox(x: left, y: top, width: length, height: length)
  }

  /// The face's picture: the square cut from `image` and scaled to `side` by `side`; nil when
  /// the box lies wholly outside the image.
  func picture(of box: BoundingBox, in image: RGBImage) -> RGBImage? {
    guard let square = square(around: box, width: image.width, height: image.height) else { return nil }
    var pixels: [UInt8] = []
    pixels.reserveCapacity(square.width * square.height * 3)
    for row in square.y..<(square.y + square.height) {
      let start = (row * image.width + square.x) * 3
      pixels += image.pixels[start..<(start + square.width * 3)]
    }
    let cut = RGBImage(uncheckedWidth: square.width, height: square.height, pixels: pixels)
    return cut.scaled(toWidth: side, height: side)
  }
}
