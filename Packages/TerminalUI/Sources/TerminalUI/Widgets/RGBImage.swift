/// A plain RGB image: `width * height` pixels, three bytes each, row by row from the top left.
///
/// TerminalUI's own pixel type, so that it needs no image library; callers convert their
/// frames into it.
public struct RGBImage: Hashable, Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height * 3` bytes: red, green, blue.
  public let pixels: [UInt8]

  /// Wraps pixel data; `nil` when the byte count is not `width * height * 3` or a side is negative.
  public init?(width: Int, height: Int, pixels: [UInt8]) {
    guard width >= 0, height >= 0, width.multipliedReportingOverflow(by: height).overflow == false,
      pixels.count == width * height * 3
    else { return nil }
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Builds an image by asking `color` for each pixel.
  public init(width: Int, height: Int, color: (_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)) {
    self.width = max(0, width)
    self.height = max(0, height)
    var pixels: [UInt8] = []
    pixels.reserveCapacity(self.width * self.height * 3)
    for y in 0..<self.height {
      for x in 0..<self.width {
        let (red, green, blue) = color(x, y)
        pixels += [red, green, blue]
      }
    }
    self.pixels = pixels
  }

  /// The pixel at `x`, `y` (clamped to the image).
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    guard width > 0, height > 0 else { return (0, 0, 0) }
    let index = (min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 3
    return (pixels[index], pixels[index + 1], pixels[index + 2])
  }

  /// The image resized to `width` by `height` pixels: each pixel the average of the source
  /// pixels under it (for shrinking); the image itself when the size is the same.
  public func scaled(toWidth targetWidth: Int, height targetHeight: Int) -> RGBImage {
    let newWidth = max(1, targetWidth)
    let newHeight = max(1, targetHeight)
    guard width > 0, height > 0 else { return self }
    if newWidth == width, newHeight == height { return self }
    var output = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
    pixels.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        for y in 0..<newHeight {
          let top = y * height / newHeight
          let bottom = max(top + 1, (y + 1) * height / newHeight)
          for x in 0..<newWidth {
            let left = x * width / newWidth
            let right = max(left + 1, (x + 1) * width / newWidth)
            var sums = (0, 0, 0)
            for row in top..<bottom {
              var index = (row * width + left) * 3
              for _ in left..<right {
                sums.0 += Int(source[index])
                sums.1 += Int(source[index + 1])
                sums.2 += Int(source[index + 2])
                index += 3
              }
            }
            let count = (bottom - top) * (right - left)
            let offset = (y * newWidth + x) * 3
            target[offset] = UInt8(sums.0 / count)
            target[offset + 1] = UInt8(sums.1 / count)
            target[offset + 2] = UInt8(sums.2 / count)
          }
        }
      }
    }
    return RGBImage(uncheckedWidth: newWidth, height: newHeight, pixels: output)
  }

  init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The average color of the pixels in `[x0, x1) x [y0, y1)`, clamped to the image.
  func average(x0: Int, y0: Int, x1: Int, y1: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let left = max(0, min(x0, width - 1))
    let top = max(0, min(y0, height - 1))
    let right = max(left + 1, min(x1, width))
    let bottom = max(top + 1, min(y1, height))
    var sums = (0, 0, 0)
    for y in top..<bottom {
      for x in left..<right {
        let index = (y * width + x) * 3
        sums.0 += Int(pixels[index])
        sums.1 += Int(pixels[index + 1])
        sums.2 += Int(pixels[index + 2])
      }
    }
    let count = (right - left) * (bottom - top)
    return (UInt8(sums.0 / count), UInt8(sums.1 / count), UInt8(sums.2 / count))
  }
}
