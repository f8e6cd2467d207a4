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
  }

  static func resize(_ source: GrayImage, width: Int, height: Int) -> GrayImage {
    if width == source.width, height == source.height { return source }
    let columns = axis(source: source.width, destination: width)
    let rows = axis(source: source.height, destination: height)
    var output = [UInt8](repeating: 0, count: width * height)
    var cache: [Int: [UInt32]] = [:]
    source.pixels.withUnsafeBufferPointer { pixels in
      func line(_ row: Int) -> [UInt32] {
        if let cached = cache[row] { return cached }
        var buffer = [UInt32](repeating: 0, count: width)
        let base = row * source.width
        let last = UInt32(pixels[base + source.width - 1]) << 8
        let first = UInt32(pixels[base]) << 8
        for x in 0..<width {
          if x < columns.start {
            buffer[x] = first
          } else if x < columns.end {
            let offset = base + columns.offsets[x]
            buffer[x] =
              columns.weights0[x] * UInt32(pixels[offset]) + columns.weights1[x] * UInt32(pixels[offset + 1])
          } else {
            buffer[x] = last
          }
        }
        if cache.count > 2 { cache.removeAll(keepingCapacity: true) }
        cache[row] = buffer
        return buffer
      }
      output.withUnsafeMutableBufferPointer { target in
        for y in 0..<height {
          let base = y * width
          if y < rows.start || y >= rows.end {
            let copied = line(y < rows.start ? 0 : source.height - 1)
            for x in 0..<width { target[base + x] = UInt8(clamping: (copied[x] + 128) >> 8) }
            continue
          }
          let upper = line(rows.offsets[y])
          let lower = line(rows.offsets[y] + 1)
          let weight0 = rows.weights0[y]
          let weight1 = rows.weights1[y]
          for x in 0..<width {
            target[base + x] = UInt8(clamping: (upper[x] * weight0 + lower[x] * weight1 + 32768) >> 16)
          }
        }
      }
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
