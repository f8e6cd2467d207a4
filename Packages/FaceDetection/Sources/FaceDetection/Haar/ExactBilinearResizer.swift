import CFaceDetectionHaar
import Pixels

/// OpenCV's bit-exact bilinear resize (`INTER_LINEAR_EXACT`), which `CascadeClassifier` uses to
/// build its image pyramid: weights with 8 fractional bits rounded to nearest even from exact
/// double positions, a horizontal pass in 8.8 fixed point and a vertical pass rounded from 16
/// fractional bits. Destination pixels left of or above the first source centre copy the first
/// column or row; those past the last centre copy the last one.
enum ExactBilinearResizer {
  struct Axis {
    var offsets: [Int]
    var weights0: [UInt32]
    var weights1: [UInt32]
    /// Destination indices below this copy source index 0.
    var start: Int
    /// Destination indices from this on copy the last source index.
    var end: Int

    /// The axis as the C resizer reads it, valid inside `body`.
    func withAxis<Result>(_ body: (inout HaarResizeAxis) -> Result) -> Result {
      offsets.withUnsafeBufferPointer { offsets in
        weights0.withUnsafeBufferPointer { weights0 in
          weights1.withUnsafeBufferPointer { weights1 in
            var axis = HaarResizeAxis(
              offsets: offsets.baseAddress, weights0: weights0.baseAddress, weights1: weights1.baseAddress,
              start: start, end: end)
            return body(&axis)
          }
        }
      }
    }
  }

  static func resize(_ source: GrayImage, width: Int, height: Int) -> GrayImage {
    if width == source.width, height == source.height { return source }
    let columns = axis(source: source.width, destination: width)
    let rows = axis(source: source.height, destination: height)
    var lines = [UInt32](repeating: 0, count: 2 * width)
    // Every pixel is written by the resize.
    let output = [UInt8](unsafeUninitializedCapacity: width * height) { pixels, count in
      columns.withAxis { columns in
        rows.withAxis { rows in
          cfacedetection_haar_resize_exact(
            source.pixels, source.width, source.height, &columns, &rows, pixels.baseAddress, width, height,
            &lines)
        }
      }
      count = pixels.count
    }
    return GrayImage(uncheckedWidth: width, height: height, pixels: output)
  }

  static func axis(source: Int, destination: Int) -> Axis {
    let inverseScale = Double(destination) / Double(source)
    let scale = 1 / inverseScale
    var offsets = [Int](repeating: 0, count: destination)
    var weights0 = [UInt32](repeating: 256, count: destination)
    var weights1 = [UInt32](repeating: 0, count: destination)
    var start = 0
    var end = destination
    for index in 0..<destination {
      let position = scale * (Double(index) + 0.5) - 0.5
      let whole = Int(position.rounded(.down))
      if whole >= 0, source > 1 {
        if whole < source - 1 {
          offsets[index] = whole
          let fraction = UInt32(((position - Double(whole)) * 256).rounded(.toNearestOrEven))
          weights1[index] = fraction
          weights0[index] = 256 - fraction
        } else {
          offsets[index] = source - 1
          end = min(end, index)
        }
      } else {
        start = max(start, index + 1)
      }
    }
    return Axis(offsets: offsets, weights0: weights0, weights1: weights1, start: start, end: end)
  }
}
