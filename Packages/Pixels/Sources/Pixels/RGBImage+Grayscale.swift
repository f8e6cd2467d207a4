extension RGBImage {
  /// The gray image OpenCV 4.11's `cvtColor(…, COLOR_RGB2GRAY)` produces for 8-bit images:
  /// `(9798 R + 19235 G + 3735 B + 16384) >> 15`, its 15-bit weights (the 14-bit ones of older
  /// OpenCV versions round some pixels differently).
  public func grayscale() -> GrayImage {
    var gray = [UInt8](repeating: 0, count: width * height)
    pixels.withUnsafeBufferPointer { source in
      gray.withUnsafeMutableBufferPointer { target in
        for index in 0..<target.count {
          let red = Int32(source[index * 3])
          let green = Int32(source[index * 3 + 1])
          let blue = Int32(source[index * 3 + 2])
          target[index] = UInt8(truncatingIfNeeded: (9798 * red + 19235 * green + 3735 * blue + 16384) >> 15)
        }
      }
    }
    return GrayImage(uncheckedWidth: width, height: height, pixels: gray)
  }
}
