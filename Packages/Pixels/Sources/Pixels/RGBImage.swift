/// An 8-bit RGB image: `width * height` pixels, three bytes each (red, green, blue), row by
/// row from the top left. Both sides are at least 1.
///
/// The one picture type of the app: decoders make it, the recognizer reads it, the terminal
/// shows it, and none of them converts it on the way.
public struct RGBImage: Hashable, Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height * 3` bytes, row-major, interleaved `R, G, B`.
  public let pixels: [UInt8]

  /// Wraps pixel data; fails when a side is below 1, the size overflows, or the byte count
  /// is not `width * height * 3`.
  public init(width: Int, height: Int, pixels: [UInt8]) throws(PixelError) {
    try PixelError.checkSampleCount(pixels.count, width: width, height: height, channels: 3)
    self.init(uncheckedWidth: width, height: height, pixels: pixels)
  }

  /// Wraps pixel data that the caller made for this size, such as a decoder's or a filter's
  /// output; a wrong count is a programming error and stops the program.
  public init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "RGBImage: bad size")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image filled with one color; fails when a side is below 1 or the size overflows.
  public init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) throws(PixelError) {
    let count = try PixelError.sampleCount(width: width, height: height, channels: 3)
    var samples = [UInt8](repeating: 0, count: count)
    for index in stride(from: 0, to: count, by: 3) {
      samples[index] = red
      samples[index + 1] = green
      samples[index + 2] = blue
    }
    self.init(uncheckedWidth: width, height: height, pixels: samples)
  }

  /// Builds an image by asking `color` for each pixel, row by row; for pictures made in code
  /// (tests, demos), whose sides must be at least 1.
  public init(width: Int, height: Int, color: (_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)) {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(max(0, width) * max(0, height) * 3)
    for y in 0..<max(0, height) {
      for x in 0..<max(0, width) {
        let (red, green, blue) = color(x, y)
        pixels += [red, green, blue]
      }
    }
    self.init(uncheckedWidth: width, height: height, pixels: pixels)
  }

  /// The pixel at column `x`, row `y`, which must lie inside the image.
  @inlinable
  public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let offset = (y * width + x) * 3
    return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
  }

  /// The pixel at `x`, `y`, clamped to the image: a point outside reads the nearest edge.
  @inlinable
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    self[min(max(x, 0), width - 1), min(max(y, 0), height - 1)]
  }

  /// The image resized to `width` by `height` pixels (sides below 1 count as 1): each pixel
  /// the average of the source pixels under it (for shrinking); the image itself when the
  /// size is the same.
  public func scaled(toWidth targetWidth: Int, height targetHeight: Int) -> RGBImage {
    let newWidth = max(1, targetWidth)
    let newHeight = max(1, targetHeight)
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
}
