/// fer's preprocessing of one face: square the box around its centre, add margins, shift into
/// a copy of the gray image padded with the mean of its bottom two rows, clamp at the top and
/// left (numpy slicing clamps the bottom and right), resize bilinearly to the model's input
/// size and scale to `(v / 255 - 0.5) * 2`. The padded copy is never made: each crop reads
/// the gray picture where it lies inside it and the fill elsewhere.
struct FaceCropper {
  let picture: FacePicture
  let padding: Int
  let margin: Int
  /// The padding's gray level: the mean of the bottom two rows.
  let fill: UInt8

  init(picture: FacePicture, padding: Int, margin: Int) {
    self.picture = picture
    self.padding = max(0, padding)
    self.margin = margin
    fill = padding > 0 ? Self.borderValue(picture) : 0
  }

  /// The mean of the bottom two rows as OpenCV's `mean` computes it, rounded to a gray level
  /// as `copyMakeBorder` converts its fill value (to nearest, ties to even).
  static func borderValue(_ picture: FacePicture) -> UInt8 {
    let rows = min(2, picture.height)
    let bottom = picture.gray(x: 0, y: picture.height - rows, width: picture.width, height: rows)
    let total = bottom.reduce(0) { $0 + Int($1) }
    let mean = Double(total) * (1 / Double(max(1, rows * picture.width)))
    return UInt8(clamping: Int(mean.rounded(.toNearestOrEven)))
  }

  /// The crop rectangle in padded coordinates, or nil when it is empty (fer skips such faces).
  func cropRectangle(for box: BoundingBox) -> BoundingBox? {
    var x = box.x
    var y = box.y
    var width = box.width
    var height = box.height
    // Python's `//` floors; the difference is never negative here.
    if height > width {
      let difference = height - width
      x -= difference / 2
      width += difference
    } else if width > height {
      let difference = width - height
      y -= difference / 2
      height += difference
    }
    let left = max(0, x - margin + padding)
    let top = max(0, y - margin + padding)
    let right = min(picture.width + 2 * padding, x + width + margin + padding)
    let bottom = min(picture.height + 2 * padding, y + height + margin + padding)
    guard right > left, bottom > top else { return nil }
    return BoundingBox(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The crop of the padded picture: the fill, with the part of the picture it covers.
  func crop(_ rectangle: BoundingBox) -> GrayImage {
    var pixels = [UInt8](repeating: fill, count: rectangle.width * rectangle.height)
    // The covered part, in the picture's own coordinates.
    let left = max(rectangle.x - padding, 0)
    let top = max(rectangle.y - padding, 0)
    let right = min(rectangle.x + rectangle.width - padding, picture.width)
    let bottom = min(rectangle.y + rectangle.height - padding, picture.height)
    if right > left, bottom > top {
      let inside = picture.gray(x: left, y: top, width: right - left, height: bottom - top)
      for row in 0..<(bottom - top) {
        let target = (top + padding - rectangle.y + row) * rectangle.width + left + padding - rectangle.x
        pixels.replaceSubrange(
          target..<(target + right - left),
          with: inside[(row * (right - left))..<((row + 1) * (right - left))])
      }
    }
    return GrayImage(uncheckedWidth: rectangle.width, height: rectangle.height, pixels: pixels)
  }

  /// The face resized to `side` x `sideHeight` and scaled to -1...1, or nil when the crop is
  /// empty.
  func input(for box: BoundingBox, width side: Int, height sideHeight: Int) -> [Float]? {
    guard let rectangle = cropRectangle(for: box) else { return nil }
    let resized = BilinearResizer.resize(crop(rectangle), width: side, height: sideHeight)
    return resized.pixels.map { value in (Float(value) / 255 - 0.5) * 2 }
  }
}
