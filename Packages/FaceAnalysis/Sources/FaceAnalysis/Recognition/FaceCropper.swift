/// fer's preprocessing of one face: square the box around its centre, add margins, shift into
/// a copy of the gray image padded with the mean of its bottom two rows, clamp at the top and
/// left (numpy slicing clamps the bottom and right), resize bilinearly to the model's input
/// size and scale to `(v / 255 - 0.5) * 2`.
struct FaceCropper {
  let padded: GrayImage
  let padding: Int
  let margin: Int

  /// Pads `gray` once; crops then reuse it.
  init(gray: GrayImage, padding: Int, margin: Int) {
    self.padding = padding
    self.margin = margin
    self.padded = Self.pad(gray, by: padding)
  }

  /// The mean of the bottom two rows as OpenCV's `mean` computes it, rounded to a gray level
  /// as `copyMakeBorder` converts its fill value (to nearest, ties to even).
  static func borderValue(_ gray: GrayImage) -> UInt8 {
    let rows = min(2, gray.height)
    var total = 0
    for y in (gray.height - rows)..<gray.height {
      for x in 0..<gray.width { total += Int(gray[x, y]) }
    }
    let mean = Double(total) * (1 / Double(rows * gray.width))
    return UInt8(clamping: Int(mean.rounded(.toNearestOrEven)))
  }

  static func pad(_ gray: GrayImage, by padding: Int) -> GrayImage {
    guard padding > 0 else { return gray }
    let fill = borderValue(gray)
    let width = gray.width + 2 * padding
    let height = gray.height + 2 * padding
    var pixels = [UInt8](repeating: fill, count: width * height)
    for y in 0..<gray.height {
      let target = (y + padding) * width + padding
      pixels.replaceSubrange(
        target..<(target + gray.width), with: gray.pixels[(y * gray.width)..<((y + 1) * gray.width)])
    }
    return GrayImage(uncheckedWidth: width, height: height, pixels: pixels)
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
    let right = min(padded.width, x + width + margin + padding)
    let bottom = min(padded.height, y + height + margin + padding)
    guard right > left, bottom > top else { return nil }
    return BoundingBox(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The face resized to `side` x `sideHeight` and scaled to -1...1, or nil when the crop is
  /// empty.
  func input(for box: BoundingBox, width side: Int, height sideHeight: Int) -> [Float]? {
    guard let rectangle = cropRectangle(for: box),
      let crop = try? padded.cropped(
        x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height)
    else { return nil }
    let resized = BilinearResizer.resize(crop, width: side, height: sideHeight)
    return resized.pixels.map { value in (Float(value) / 255 - 0.5) * 2 }
  }
}
