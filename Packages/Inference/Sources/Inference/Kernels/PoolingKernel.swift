import CInference

/// Max and average pooling, and global average pooling, channels last.
package enum PoolingKernel {
  /// Pools output rows `rows` of the batch, written from `output` (the batch tensor at the
  /// first row). Padding never enters a window: the maximum skips it and the average divides
  /// by the number of real pixels in the window (Keras's rule).
  package static func run(
    _ pooling: Pooling, activation: Activation, input: UnsafePointer<Float>,
    output: UnsafeMutablePointer<Float>, rows: BatchRows
  ) {
    let geometry = pooling.geometry
    let channels = pooling.channels
    let imageSize = geometry.inputHeight * geometry.inputWidth * channels
    let rowSize = geometry.outputWidth * channels
    rows.forEachItem { item, range, offset in
      let image = input + item * imageSize
      let target = output + offset * rowSize
      if pooling.kind == .maximum, var window = geometry.cWindow {
        cinference_max_pool(&window, channels, image, target, range.lowerBound, range.upperBound)
      } else {
        pool(pooling, image: image, rows: range, output: target)
      }
    }
    Epilogue.activate(activation, output, rows: rows.range.count * geometry.outputWidth, channels: channels)
  }

  /// Rows `rows` of one item, in Swift: average pooling, and max pooling with dilation.
  private static func pool(
    _ pooling: Pooling, image: UnsafePointer<Float>, rows: Range<Int>, output: UnsafeMutablePointer<Float>
  ) {
    let geometry = pooling.geometry
    let channels = pooling.channels
    var target = output
    for outputY in rows {
      let top = outputY * geometry.strideHeight - geometry.padTop
      let firstY = max(top, 0)
      let lastY = min(top + geometry.kernelHeight, geometry.inputHeight)
      for outputX in 0..<geometry.outputWidth {
        let left = outputX * geometry.strideWidth - geometry.padLeft
        let firstX = max(left, 0)
        let lastX = min(left + geometry.kernelWidth, geometry.inputWidth)
        var started = false
        for inputY in firstY..<max(lastY, firstY) {
          for inputX in firstX..<max(lastX, firstX) {
            let pixel = image + (inputY * geometry.inputWidth + inputX) * channels
            if !started {
              target.update(from: pixel, count: channels)
              started = true
            } else if pooling.kind == .maximum {
              VectorMath.maximum(target, pixel, count: channels)
            } else {
              VectorMath.accumulate(target, pixel, count: channels)
            }
          }
        }
        if !started {
          target.update(repeating: 0, count: channels)
        } else if pooling.kind == .average {
          VectorMath.divide(target, by: Float((lastY - firstY) * (lastX - firstX)), count: channels)
        }
        target += channels
      }
    }
  }

  /// The mean over height and width of each channel, `[N, H, W, C]` to `[N, C]`, for the items
  /// `items`; `input` and `output` are the whole batch's tensors.
  package static func globalAverage(
    input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>, items: Range<Int>, pixels: Int,
    channels: Int, activation: Activation
  ) {
    for item in items {
      let target = output + item * channels
      let image = input + item * pixels * channels
      target.update(from: image, count: channels)
      for pixel in 1..<max(pixels, 1) {
        VectorMath.accumulate(target, image + pixel * channels, count: channels)
      }
      VectorMath.divide(target, by: Float(pixels), count: channels)
    }
    Epilogue.activate(activation, output + items.lowerBound * channels, rows: items.count, channels: channels)
  }
}
