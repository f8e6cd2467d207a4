/// Why pixels could not make an image, or a part of one.
public enum PixelError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A width or height below 1, too large to count its samples, or outside the image.
  case invalidSize(width: Int, height: Int)
  /// A pixel buffer whose length does not match the image size.
  case sampleCountMismatch(expected: Int, actual: Int)

  /// One line naming the problem.
  public var description: String {
    switch self {
    case .invalidSize(let width, let height):
      return "invalid image size \(width)x\(height)"
    case .sampleCountMismatch(let expected, let actual):
      return "expected \(expected) samples, got \(actual)"
    }
  }

  /// `width * height * channels`, or ``invalidSize(width:height:)`` when a side is below 1 or
  /// the product does not fit in an `Int`.
  static func sampleCount(width: Int, height: Int, channels: Int) throws(PixelError) -> Int {
    let area = width.multipliedReportingOverflow(by: height)
    let count = area.partialValue.multipliedReportingOverflow(by: channels)
    guard width > 0, height > 0, !area.overflow, !count.overflow else {
      throw PixelError.invalidSize(width: width, height: height)
    }
    return count.partialValue
  }

  /// Checks that `samples` is the count of a `width` by `height` image of `channels` bytes a
  /// pixel: ``invalidSize(width:height:)`` for a bad size, else ``sampleCountMismatch(expected:actual:)``.
  static func checkSampleCount(_ samples: Int, width: Int, height: Int, channels: Int) throws(PixelError) {
    let count = try sampleCount(width: width, height: height, channels: channels)
    guard samples == count else {
      throw PixelError.sampleCountMismatch(expected: count, actual: samples)
    }
  }
}
