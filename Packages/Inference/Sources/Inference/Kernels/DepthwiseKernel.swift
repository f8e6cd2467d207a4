import CInference

/// Runs a ``DepthwiseConvolution`` directly: for each output pixel, the valid taps of the
/// window each add `input[c] · kernel[tap, c]`. Each channel has a window of its own, so there
/// is no matrix product for a BLAS to do. With one filter per channel and channels a multiple
/// of 8 (the common case) the C kernel `cinference_depthwise` runs it in SIMD vectors; with
/// other channel counts (BlazeFace's 12 and 36) `cinference_depthwise_any`'s plain loops do;
/// with several filters per channel or dilation, a Swift loop.
package enum DepthwiseKernel {
  /// `depthwise(input) + bias` for output rows `rows` of the batch, written one row after the
  /// other from `output` (the batch tensor at the first row, or a chunk's scratch).
  package static func run(
    _ depthwise: DepthwiseConvolution, input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>,
    rows: BatchRows
  ) {
    let geometry = depthwise.geometry
    let imageSize = geometry.inputHeight * geometry.inputWidth * depthwise.inputChannels
    let rowSize = geometry.outputWidth * depthwise.outputChannels
    depthwise.kernel.withUnsafeBufferPointer { kernelBuffer in
      guard let kernel = kernelBuffer.baseAddress else { return }
      rows.forEachItem { item, range, offset in
        let image = input + item * imageSize
        let target = output + offset * rowSize
        if depthwise.multiplier == 1, var window = geometry.cWindow {
          cinference_depthwise(
            &window, depthwise.inputChannels, image, kernel, target, range.lowerBound, range.upperBound)
        } else {
          runGeneral(depthwise, image: image, kernel: kernel, rows: range, output: target)
        }
      }
    }
    if let bias = depthwise.bias {
      Epilogue.finish(
        output, bias: bias, activation: .linear, rows: rows.range.count * geometry.outputWidth,
        channels: depthwise.outputChannels)
    }
  }

  /// Rows `rows` of one item, any channel count and multiplier.
  private static func runGeneral(
    _ depthwise: DepthwiseConvolution, image: UnsafePointer<Float>, kernel: UnsafePointer<Float>,
    rows: Range<Int>, output: UnsafeMutablePointer<Float>
  ) {
    let geometry = depthwise.geometry
    let inputChannels = depthwise.inputChannels
    let multiplier = depthwise.multiplier
    let outputChannels = depthwise.outputChannels
    var target = output
    for outputY in rows {
      for outputX in 0..<geometry.outputWidth {
        target.update(repeating: 0, count: outputChannels)
        for kernelY in 0..<geometry.kernelHeight {
          let inputY = outputY * geometry.strideHeight - geometry.padTop + kernelY * geometry.dilationHeight
          if inputY < 0 || inputY >= geometry.inputHeight { continue }
          for kernelX in 0..<geometry.kernelWidth {
            let inputX = outputX * geometry.strideWidth - geometry.padLeft + kernelX * geometry.dilationWidth
            if inputX < 0 || inputX >= geometry.inputWidth { continue }
            let pixel = image + (inputY * geometry.inputWidth + inputX) * inputChannels
            let weights = kernel + (kernelY * geometry.kernelWidth + kernelX) * outputChannels
            if multiplier == 1 {
              VectorMath.multiplyAccumulate(target, pixel, weights, count: inputChannels)
            } else {
              for channel in 0..<inputChannels {
                let value = pixel[channel]
                let base = channel * multiplier
                for copy in 0..<multiplier {
                  target[base + copy] += value * weights[base + copy]
                }
              }
            }
          }
        }
        target += outputChannels
      }
    }
  }
}
