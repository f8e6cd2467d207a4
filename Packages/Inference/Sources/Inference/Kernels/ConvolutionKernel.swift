/// Runs a ``Convolution`` as one GEMM over the whole batch.
///
/// A 1x1 convolution at stride 1 multiplies the NHWC input directly, as a
/// `(N·H·W) × cin` matrix, when an item's pixel count is a multiple of
/// ``GEMM/rowAlignment``. Otherwise, and for any other kernel, it first packs the patches
/// (im2col) into the patches scratch: one row per output pixel in (kh, kw, cin) order,
/// zeros for padding; a strided 1x1 convolution's packing is a plain gather.
enum ConvolutionKernel {
  /// Floats of patch scratch one batch item needs (0 when the GEMM reads the input).
  static func patchesPerItem(_ convolution: Convolution) -> Int {
    let geometry = convolution.geometry
    let rows = geometry.outputHeight * geometry.outputWidth
    if geometry.isPointwiseIdentity && GEMM.alignedRows(rows) == rows { return 0 }
    return GEMM.alignedRows(rows) * convolution.patchLength
  }

  /// Floats of product scratch one batch item needs (0 when the GEMM writes the output).
  static func productsPerItem(_ convolution: Convolution) -> Int {
    let rows = convolution.geometry.outputHeight * convolution.geometry.outputWidth
    return GEMM.alignedRows(rows) == rows ? 0 : GEMM.alignedRows(rows) * convolution.outputChannels
  }

  /// `output = activation(patches(input) · kernel + bias)` for `batch` items.
  ///
  /// Each item gets ``GEMM/alignedRows(_:)`` rows in the product; when that is more than
  /// its pixels, the patches are packed item by item at that stride into `patches`, the
  /// product goes to `products`, and the epilogue compacts it into `output`.
  /// `inputIsAligned` says the input already has that layout (a depthwise result).
  static func run(
    _ convolution: Convolution, activation: Activation, input: UnsafePointer<Float>,
    output: UnsafeMutablePointer<Float>, patches: UnsafeMutablePointer<Float>,
    products: UnsafeMutablePointer<Float>, batch: Int, inputIsAligned: Bool = false
  ) {
    let geometry = convolution.geometry
    let rows = geometry.outputHeight * geometry.outputWidth
    let aligned = GEMM.alignedRows(rows)
    let channels = convolution.outputChannels
    let a: UnsafePointer<Float>
    if geometry.isPointwiseIdentity && (aligned == rows || inputIsAligned) {
      a = input
    } else {
      pack(
        input, geometry: geometry, channels: convolution.inputChannels, batch: batch,
        itemStride: aligned * convolution.patchLength, into: patches)
      a = UnsafePointer(patches)
    }
    let c = aligned == rows ? output : products
    convolution.kernel.withUnsafeBufferPointer { kernel in
      guard let kernel = kernel.baseAddress else { return }
      GEMM.multiply(m: batch * aligned, n: channels, k: convolution.patchLength, a: a, b: kernel, c: c)
    }
    if aligned == rows {
      finish(output, bias: convolution.bias, activation: activation, rows: batch * rows, channels: channels)
      return
    }
    let bias = convolution.bias ?? []
    bias.withUnsafeBufferPointer { bias in
      for item in 0..<batch {
        Epilogue.apply(
          activation, bias: bias.isEmpty ? nil : bias.baseAddress,
          source: products + item * aligned * channels,
          destination: output + item * rows * channels, rows: rows, channels: channels)
      }
    }
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
  /// over the padding; item n's rows start at `n × itemStride`.
  static func pack(
    _ input: UnsafePointer<Float>, geometry: WindowGeometry, channels: Int, batch: Int, itemStride: Int,
    into patches: UnsafeMutablePointer<Float>
  ) {
    let imageSize = geometry.inputHeight * geometry.inputWidth * channels
    let windowRow = geometry.kernelWidth * channels
    let denseRows = geometry.dilationWidth == 1
    for item in 0..<batch {
      let image = input + item * imageSize
      var row = patches + item * itemStride
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
