import Pixels

/// The integral images one pyramid level needs, laid out as OpenCV lays them out: a
/// `(width + 1) x (height + 1)` grid whose row 0 and column 0 are zero. Sums wrap around in
/// 32 bits exactly like OpenCV's `CV_32S` buffers; window sums are exact because a window's
/// true sum always fits.
struct IntegralImages {
  let stride: Int
  /// Sum of pixels above and left.
  var sum: [Int32]
  /// Sum of squared pixels above and left (wrapping, read as unsigned).
  var squares: [UInt32]
  /// Sum over the 45° triangle above each point (`cv::integral`'s `tilted`), when asked for.
  var tilted: [Int32]

  init(_ image: GrayImage, tilted wantsTilted: Bool) {
    let width = image.width
    let height = image.height
    let stride = width + 1
    self.stride = stride
    var sum = [Int32](repeating: 0, count: stride * (height + 1))
    var squares = [UInt32](repeating: 0, count: stride * (height + 1))
    image.pixels.withUnsafeBufferPointer { pixels in
      sum.withUnsafeMutableBufferPointer { sum in
        squares.withUnsafeMutableBufferPointer { squares in
          for y in 0..<height {
            var rowSum: Int32 = 0
            var rowSquares: UInt32 = 0
            let above = y * stride
            let here = above + stride
            for x in 0..<width {
              let value = pixels[y * width + x]
              rowSum &+= Int32(value)
              rowSquares &+= UInt32(value) &* UInt32(value)
              sum[here + x + 1] = sum[above + x + 1] &+ rowSum
              squares[here + x + 1] = squares[above + x + 1] &+ rowSquares
            }
          }
        }
      }
    }
    self.sum = sum
    self.squares = squares
    self.tilted = wantsTilted ? Self.tiltedIntegral(image) : []
  }

  /// `tilted(X, Y)` = sum of `image(x, y)` over `y < Y` and `|x - X + 1| <= Y - y - 1`, computed
  /// row by row on a grid padded by `height + 1` columns on each side so the triangles that
  /// hang over the image edges are summed correctly.
  static func tiltedIntegral(_ image: GrayImage) -> [Int32] {
    let width = image.width
    let height = image.height
    let pad = height + 1
    let paddedWidth = width + 1 + 2 * pad
    var grid = [Int32](repeating: 0, count: paddedWidth * (height + 1))
    image.pixels.withUnsafeBufferPointer { pixels in
      grid.withUnsafeMutableBufferPointer { grid in
        func pixel(_ x: Int, _ y: Int) -> Int32 {
          x >= 0 && x < width && y >= 0 && y < height ? Int32(pixels[y * width + x]) : 0
        }
        for y in 1...max(height, 1) where y <= height {
          let row = y * paddedWidth
          let previous = (y - 1) * paddedWidth
          let twoBack = (y - 2) * paddedWidth
          for column in 1..<(paddedWidth - 1) {
            let x = column - pad
            var value = pixel(x - 1, y - 1) &+ pixel(x - 1, y - 2)
            value &+= grid[previous + column - 1] &+ grid[previous + column + 1]
            if y >= 2 { value &-= grid[twoBack + column] }
            grid[row + column] = value
          }
        }
      }
    }
    var result = [Int32](repeating: 0, count: (width + 1) * (height + 1))
    for y in 0...height {
      for x in 0...width {
        result[y * (width + 1) + x] = grid[y * paddedWidth + x + pad]
      }
    }
    return result
  }
}
