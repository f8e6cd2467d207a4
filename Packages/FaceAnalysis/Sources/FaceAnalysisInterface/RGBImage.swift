/// An 8-bit RGB image: rows top to bottom, pixels left to right, `R, G, B` interleaved.
public struct RGBImage: Sendable, Equatable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height * 3` samples, row-major, interleaved `R, G, B`.
  public private(set) var pixels: [UInt8]

  /// Wraps RGB samples; fails when the count is not `width * height * 3`.
  public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageError) {
    guard width > 0, height > 0 else {
      throw ImageError.invalidSize(width: width, height: height)
    }
    guard pixels.count == width * height * 3 else {
      throw ImageError.sampleCountMismatch(expected: width * height * 3, actual: pixels.count)
    }
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Wraps samples whose count the caller has checked.
  package init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image filled with one color.
  public init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) throws(ImageError) {
    guard width > 0, height > 0 else {
      throw ImageError.invalidSize(width: width, height: height)
    }
    var samples = [UInt8](repeating: 0, count: width * height * 3)
    for index in stride(from: 0, to: samples.count, by: 3) {
      samples[index] = red
      samples[index + 1] = green
      samples[index + 2] = blue
    }
    self.width = width
    self.height = height
    self.pixels = samples
  }

  /// The `(r, g, b)` sample at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let offset = (y * width + x) * 3
    return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
  }
}
