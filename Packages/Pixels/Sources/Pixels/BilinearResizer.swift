/// Bilinear resizing of 8-bit gray images with the arithmetic of OpenCV's `resize` with
/// `INTER_LINEAR`: half-pixel centres, 11-bit fixed-point weights rounded to nearest even,
/// a horizontal pass into 32-bit sums and a vertical pass that drops 4 bits, keeps the high
/// 16 bits of each product and rounds the last 2 bits.
public enum BilinearResizer {
  private static let coefficientScale: Float = 2048

  struct Axis {
    var offsets: [Int]
    var weights0: [Int32]
    var weights1: [Int32]
    /// First destination index whose right neighbour falls outside the source (x only).
    var interpolationEnd: Int
  }

  /// `source` resized to `width` x `height` (both positive), as OpenCV's `resize` does.
  public static func resize(_ source: GrayImage, width: Int, height: Int) -> GrayImage {
    if width == source.width, height == source.height { return source }
    let columns = axis(source: source.width, destination: width, clampStart: true)
    let rows = axis(source: source.height, destination: height, clampStart: false)
    var output = [UInt8](repeating: 0, count: width * height)
    var upper = [Int32](repeating: 0, count: width)
    var lower = [Int32](repeating: 0, count: width)
    var upperRow = -1
    var lowerRow = -1
    source.pixels.withUnsafeBufferPointer { pixels in
      output.withUnsafeMutableBufferPointer { target in
        for y in 0..<height {
          let first = clip(rows.offsets[y], count: source.height)
          let second = clip(rows.offsets[y] + 1, count: source.height)
          if first == lowerRow {
            swap(&upper, &lower)
            swap(&upperRow, &lowerRow)
          }
          if first != upperRow {
            horizontal(pixels, row: first, width: source.width, axis: columns, into: &upper)
            upperRow = first
          }
          if second != lowerRow {
            if second == upperRow {
              lower = upper
            } else {
              horizontal(pixels, row: second, width: source.width, axis: columns, into: &lower)
            }
            lowerRow = second
          }
          let beta0 = rows.weights0[y]
          let beta1 = rows.weights1[y]
          let base = y * width
          for x in 0..<width {
            let value = ((beta0 &* (upper[x] >> 4)) >> 16) &+ ((beta1 &* (lower[x] >> 4)) >> 16) &+ 2
            target[base + x] = UInt8(clamping: value >> 2)
          }
        }
      }
    }
    return GrayImage(uncheckedWidth: width, height: height, pixels: output)
  }

  /// OpenCV's row clamp for the two source rows of a destination row.
  private static func clip(_ index: Int, count: Int) -> Int {
    index >= 0 ? (index < count ? index : count - 1) : 0
  }

  private static func horizontal(
    _ pixels: UnsafeBufferPointer<UInt8>, row: Int, width: Int, axis: Axis, into buffer: inout [Int32]
  ) {
    let base = row * width
    buffer.withUnsafeMutableBufferPointer { target in
      for x in 0..<target.count {
        let offset = base + axis.offsets[x]
        if x < axis.interpolationEnd {
          target[x] =
            Int32(pixels[offset]) &* axis.weights0[x] &+ Int32(pixels[offset + 1]) &* axis.weights1[x]
        } else {
          target[x] = Int32(pixels[offset]) &* 2048
        }
      }
    }
  }

  static func axis(source: Int, destination: Int, clampStart: Bool) -> Axis {
    // OpenCV derives the scale from the sizes, then inverts it once more.
    let inverseScale = Double(destination) / Double(source)
    let scale = 1.0 / inverseScale
    var offsets = [Int](repeating: 0, count: destination)
    var weights0 = [Int32](repeating: 0, count: destination)
    var weights1 = [Int32](repeating: 0, count: destination)
    var end = destination
    for index in 0..<destination {
      var fraction = Float((Double(index) + 0.5) * scale - 0.5)
      var offset = Int(fraction.rounded(.down))
      fraction -= Float(offset)
      if clampStart {
        if offset < 0 {
          fraction = 0
          offset = 0
        }
        if offset + 1 >= source {
          end = min(end, index)
          if offset >= source - 1 {
            fraction = 0
            offset = source - 1
          }
        }
      }
      offsets[index] = offset
      weights0[index] = fixedPoint(1 - fraction)
      weights1[index] = fixedPoint(fraction)
    }
    return Axis(offsets: offsets, weights0: weights0, weights1: weights1, interpolationEnd: end)
  }

  private static func fixedPoint(_ weight: Float) -> Int32 {
    let scaled = (weight * coefficientScale).rounded(.toNearestOrEven)
    return Int32(max(-32768, min(32767, scaled)))
  }
}
