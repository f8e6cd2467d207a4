/// Runs a ``Convolution`` as one GEMM over the whole batch.
///
/// A 1x1 convolution at stride 1 multiplies the NHWC input directly, as a
/// `(N·H·W) × cin` matrix. Any other kernel first packs the patches (im2col) into
/// `scratch`, one row per output pixel in (kh, kw, cin) order, zeros for padding; a strided
/// 1x1 convolution's packing is a plain gather.
enum ConvolutionKernel {
  /// Floats of scratch one batch item needs.
  static func scratchPerItem(_ convolution: Convolution) -> Int {
    let geometry = convolution.geometry
    if geometry.isPointwiseIdentity { return 0 }
    return geometry.outputHeight * geometry.outputWidth * convolution.patchLength
  }

  /// `output = activation(patches(input) · kernel + bias)` for `batch` items.
  static func run(
    _ convolution: Convolution, activation: Activation, input: UnsafePointer<Float>,
    output: UnsafeMutablePointer<Float>, scratch: UnsafeMutablePointer<Float>, batch: Int
  ) {
    let geometry = convolution.geometry
    let rows = batch * geometry.outputHeight * geometry.outputWidth
    let patches: UnsafePointer<Float>
    if geometry.isPointwiseIdentity {
      patches = input
    } else {
      pack(input, geometry: geometry, channels: convolution.inputChannels, batch: batch, into: scratch)
      patches = UnsafePointer(scratch)
    }
    convolution.kernel.withUnsafeBufferPointer { kernel in
      guard let kernel = kernel.baseAddress else { return }
      GEMM.multiply(
        m: rows, n: convolution.outputChannels, k: convolution.patchLength, a: patches, b: kernel,
        c: output)
    }
    finish(
      output, bias: convolution.bias, activation: activation, rows: rows, channels: convolution.outputChannels
    )
  }

  /// Adds the bias and applies the activation in place.
  static func finish(
    _ output: UnsafeMutablePointer<Float>, bias: [Float]?, activation: Activation, rows: Int, channels: Int
  ) {
    if let bias {
      bias.withUnsafeBufferPointer { bias in
        Epilogue.apply(
          activation, bias: bias.baseAddress, source: output, destination: output, rows: rows,
          channels: channels)
      }
    } else {
      Epilogue.activate(activation, output, rows: rows, channels: channels)
    }
  }

  /// im2col: one row of kh·kw·cin values per output pixel, zeros where the window hangs
  /// over the padding.
  static func pack(
    _ input: UnsafePointer<Float>, geometry: WindowGeometry, channels: Int, batch: Int,
    into patches: UnsafeMutablePointer<Float>
  ) {
    let imageSize = geometry.inputHeight * geometry.inputWidth * channels
    let windowRow = geometry.kernelWidth * channels
    let denseRows = geometry.dilationWidth == 1
    var row = patches
    for item in 0..<batch {
      let image = input + item * imageSize
      for outputY in 0..<geometry.outputHeight {
        for outputX in 0..<geometry.outputWidth {
          var target = row
          let left = outputX * geometry.strideWidth - geometry.padLeft
          let right = left + (geometry.kernelWidth - 1) * geometry.dilationWidth
          for kernelY in 0..<geometry.kernelHeight {
            let inputY = outputY * geometry.strideHeight - geometry.padTop + kernelY * geometry.dilationHeight
            if inputY < 0 || inputY >= geometry.inputHeight {
              target.update(repeating: 0, count: windowRow)
            } else if denseRows && left >= 0 && right < geometry.inputWidth {
              target.update(from: image + (inputY * geometry.inputWidth + left) * channels, count: windowRow)
            } else {
              for kernelX in 0..<geometry.kernelWidth {
                let inputX = left + kernelX * geometry.dilationWidth
                let tap = target + kernelX * channels
                if inputX < 0 || inputX >= geometry.inputWidth {
                  tap.update(repeating: 0, count: channels)
                } else {
                  tap.update(
                    from: image + (inputY * geometry.inputWidth + inputX) * channels, count: channels)
                }
              }
            }
            target += windowRow
          }
          row += geometry.taps * channels
        }
      }
    }
  }
}
