/// An 8-bit single-channel image: rows top to bottom, pixels left to right.
public struct GrayImage: Sendable, Equatable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height` samples, row-major.
  public private(set) var pixels: [UInt8]

  /// Wraps gray samples; fails when the count is not `width * height`.
  public init(width: Int, height: Int, pixels: [UInt8]) throws(ImageError) {
    guard width > 0, height > 0 else {
      throw ImageError.invalidSize(width: width, height: height)
    }
    guard pixels.count == width * height else {
      throw ImageError.sampleCountMismatch(expected: width * height, actual: pixels.count)
    }
    self.init(uncheckedWidth: width, height: height, pixels: pixels)
  }

  init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The sample at column `x`, row `y`.
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
  ) throws(ImageError)
    -> GrayImage
  {
    guard cropWidth > 0, cropHeight > 0, x >= 0, y >= 0, x + cropWidth <= width, y + cropHeight <= height
    else {
      throw ImageError.invalidSize(width: cropWidth, height: cropHeight)
    }
    var samples = [UInt8](repeating: 0, count: cropWidth * cropHeight)
    for row in 0..<cropHeight {
      let source = (y + row) * width + x
      samples.withUnsafeMutableBufferPointer { target in
        pixels.withUnsafeBufferPointer { origin in
          for column in 0..<cropWidth {
            target[row * cropWidth + column] = origin[source + column]
          }
        }
      }
    }
    return GrayImage(uncheckedWidth: cropWidth, height: cropHeight, pixels: samples)
  }
}

extension GrayImage {
  /// The image resized to `width` x `height` with bilinear interpolation, matching OpenCV's
  /// `resize(…, INTER_LINEAR)` for 8-bit images.
  public func resized(width newWidth: Int, height newHeight: Int) throws(ImageError) -> GrayImage {
    guard newWidth > 0, newHeight > 0 else {
      throw ImageError.invalidSize(width: newWidth, height: newHeight)
    }
    return BilinearResizer.resize(self, width: newWidth, height: newHeight)
  }
}
