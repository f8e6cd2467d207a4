import InferenceCKernels

/// Max and average pooling, and global average pooling, channels last.
enum PoolingKernel {
  /// Pools `batch` items. Padding never enters a window: the maximum skips it and the
  /// average divides by the number of real pixels in the window (Keras's rule).
  static func run(
    _ pooling: Pooling, activation: Activation, input: UnsafePointer<Float>,
    output: UnsafeMutablePointer<Float>, batch: Int
  ) {
    let geometry = pooling.geometry
    let channels = pooling.channels
    let imageSize = geometry.inputHeight * geometry.inputWidth * channels
    if pooling.kind == .maximum, var window = geometry.cWindow {
      let outputSize = geometry.outputHeight * geometry.outputWidth * channels
      for item in 0..<batch {
        inference_max_pool(
          &window, channels, input + item * imageSize, output + item * outputSize, 0, geometry.outputHeight)
      }
      Epilogue.activate(
        activation, output, rows: batch * geometry.outputHeight * geometry.outputWidth, channels: channels)
      return
    }
    var target = output
    for item in 0..<batch {
      let image = input + item * imageSize
      for outputY in 0..<geometry.outputHeight {
        let top = outputY * geometry.strideHeight - geometry.padTop
        let firstY = max(top, 0)
        let lastY = min(top + geometry.kernelHeight, geometry.inputHeight)
        for outputX in 0..<geometry.outputWidth {
          let left = outputX * geometry.strideWidth - geometry.padLeft
          let firstX = max(left, 0)
          let lastX = min(left + geometry.kernelWidth, geometry.inputWidth)
          var started = false
          for inputY in firstY..<lastY {
            for inputX in firstX..<lastX {
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
    let rows = batch * geometry.outputHeight * geometry.outputWidth
    Epilogue.activate(activation, output, rows: rows, channels: channels)
  }

  /// The mean over height and width of each channel: `[N, H, W, C]` to `[N, C]`.
  static func globalAverage(
    input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>, batch: Int, pixels: Int,
    channels: Int, activation: Activation
  ) {
    for item in 0..<batch {
      let target = output + item * channels
      let image = input + item * pixels * channels
      target.update(from: image, count: channels)
      for pixel in 1..<max(pixels, 1) {
        VectorMath.accumulate(target, image + pixel * channels, count: channels)
      }
      VectorMath.divide(target, by: Float(pixels), count: channels)
    }
    Epilogue.activate(activation, output, rows: batch, channels: channels)
  }

  /// Output rows `rows` of one item's max pooling (no activation).
  static func maximum(
    _ pooling: Pooling, input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>, rows: Range<Int>
  ) {
    guard var window = pooling.geometry.cWindow else { return }
    inference_max_pool(&window, pooling.channels, input, output, rows.lowerBound, rows.upperBound)
  }
}
