import InferenceCKernels

/// Runs a ``DepthwiseConvolution`` directly: for each output pixel, the valid taps of the
/// window each add `input[c] · kernel[tap, c]`, eight channels at a time. With one filter per
/// channel and channels a multiple of 8 (the common case) the C kernel
/// `inference_depthwise` runs it, four pixels at a time in registers (AVX2/FMA when the CPU
/// has it); otherwise a Swift loop does.
enum DepthwiseKernel {
  /// `output = activation(depthwise(input) + bias)` for `batch` items; item n's output
  /// starts at `n × outputItemStride` (default: packed).
  static func run(
    _ depthwise: DepthwiseConvolution, activation: Activation, input: UnsafePointer<Float>,
    output: UnsafeMutablePointer<Float>, batch: Int, outputItemStride: Int? = nil
  ) {
    let geometry = depthwise.geometry
    let inputChannels = depthwise.inputChannels
    let multiplier = depthwise.multiplier
    let outputChannels = depthwise.outputChannels
    let imageSize = geometry.inputHeight * geometry.inputWidth * inputChannels
    let rows = geometry.outputHeight * geometry.outputWidth
    let itemStride = outputItemStride ?? rows * outputChannels
    depthwise.kernel.withUnsafeBufferPointer { kernelBuffer in
      guard let kernel = kernelBuffer.baseAddress else { return }
      for item in 0..<batch {
        let image = input + item * imageSize
        let target = output + item * itemStride
        if multiplier == 1 && inputChannels % 8 == 0, var window = geometry.cWindow {
          inference_depthwise(&window, inputChannels, image, kernel, target, 0, geometry.outputHeight)
        } else {
          runGeneral(
            geometry: geometry, inputChannels: inputChannels, multiplier: multiplier, image: image,
            kernel: kernel, output: target)
        }
      }
    }
    if itemStride == rows * outputChannels {
      ConvolutionKernel.finish(
        output, bias: depthwise.bias, activation: activation, rows: batch * rows, channels: outputChannels)
    } else {
      for item in 0..<batch {
        ConvolutionKernel.finish(
          output + item * itemStride, bias: depthwise.bias, activation: activation, rows: rows,
          channels: outputChannels)
      }
    }
  }

  /// One item, any channel count and multiplier.
  private static func runGeneral(
    geometry: WindowGeometry, inputChannels: Int, multiplier: Int, image: UnsafePointer<Float>,
    kernel: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>
  ) {
    let outputChannels = inputChannels * multiplier
    var target = output
    for outputY in 0..<geometry.outputHeight {
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

  /// Whether ``run(_:input:output:rows:)`` takes `depthwise`: one filter per channel,
  /// channels a multiple of 8, no dilation.
  static func splitsRows(_ depthwise: DepthwiseConvolution) -> Bool {
    depthwise.multiplier == 1 && depthwise.inputChannels % 8 == 0 && depthwise.geometry.cWindow != nil
  }

  /// Output rows `rows` of one item, packed, without bias or activation.
  static func run(
    _ depthwise: DepthwiseConvolution, input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>,
    rows: Range<Int>
  ) {
    depthwise.kernel.withUnsafeBufferPointer { kernel in
      guard let kernel = kernel.baseAddress, var window = depthwise.geometry.cWindow else { return }
      inference_depthwise(
        &window, depthwise.inputChannels, input, kernel, output, rows.lowerBound, rows.upperBound)
    }
  }
}
