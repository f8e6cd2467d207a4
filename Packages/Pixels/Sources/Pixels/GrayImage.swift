/// An 8-bit single-channel image: `width * height` samples, row by row from the top left.
/// Both sides are at least 1.
public struct GrayImage: Hashable, Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height` samples, row-major.
  public let pixels: [UInt8]

  /// Wraps gray samples; fails when a side is below 1, the size overflows, or the count is
  /// not `width * height`.
  public init(width: Int, height: Int, pixels: [UInt8]) throws(PixelError) {
    try PixelError.checkSampleCount(pixels.count, width: width, height: height, channels: 1)
    self.init(uncheckedWidth: width, height: height, pixels: pixels)
  }

  /// Wraps samples that the caller made for this size, such as a filter's output; a wrong
  /// count is a programming error and stops the program.
  public init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0 && pixels.count == width * height, "GrayImage: bad size")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The sample at column `x`, row `y`, which must lie inside the image.
  @inlinable
  public subscript(x: Int, y: Int) -> UInt8 {
    pixels[y * width + x]
  }

  /// The gray image as RGB with equal channels.
  public func rgb() -> RGBImage {
    var samples = [UInt8](repeating: 0, count: pixels.count * 3)
    for (index, value) in pixels.enumerated() {
      samples[index * 3] = value
      samples[index * 3 + 1] = value
      samples[index * 3 + 2] = value
    }
    return RGBImage(uncheckedWidth: width, height: height, pixels: samples)
  }

  /// A copy of the rectangle `x..<x+width`, `y..<y+height`, which must lie inside the image.
  public func cropped(
    x: Int, y: Int, width cropWidth: Int, height cropHeight: Int
  ) throws(PixelError) -> GrayImage {
    guard cropWidth > 0, cropHeight > 0, x >= 0, y >= 0, x + cropWidth <= width, y + cropHeight <= height
    else {
      throw PixelError.invalidSize(width: cropWidth, height: cropHeight)
    }
    var samples = [UInt8](repeating: 0, count: cropWidth * cropHeight)
    samples.withUnsafeMutableBufferPointer { target in
      pixels.withUnsafeBufferPointer { origin in
        for row in 0..<cropHeight {
          let source = (y + row) * width + x
          for column in 0..<cropWidth {
            target[row * cropWidth + column] = origin[source + column]
          }
        }
      }
    }
    return GrayImage(uncheckedWidth: cropWidth, height: cropHeight, pixels: samples)
  }
}
