import CInference

/// Runs a ``Convolution`` (Conv2D, Dense, the pointwise half of SeparableConv2D) as one
/// `cblas_sgemm` per chunk of output rows, over as many batch items as the chunk spans.
///
/// A 1x1 convolution at stride 1 multiplies the NHWC input directly, as a
/// `(N·H·W) × cin` matrix. Any other kernel first packs the chunk's patches (im2col) into the
/// caller's scratch: one row per output pixel in (kh, kw, cin) order, zeros for padding, so the
/// Keras kernel is the B matrix as stored; a strided 1x1 convolution's packing is a plain
/// gather. Bias, a residual and activation follow in one pass over the rows just written.
package enum ConvolutionKernel {
  /// What a convolution adds to its product before the activation, besides its bias.
  package enum Addend {
    /// Nothing.
    case none
    /// What the output already holds (an Add fused into the convolution, in place).
    case output
    /// A tensor of the output's pixels with only the first `channels` channels (a shortcut
    /// widened with zero channels): `values` points at the first row of the whole batch.
    case narrower(UnsafePointer<Float>, channels: Int)
  }

  /// Floats of scratch one chunk of `rows` output rows needs (0 when the GEMM reads the input).
  package static func scratch(_ convolution: Convolution, rows: Int) -> Int {
    convolution.geometry.isPointwiseIdentity
      ? 0 : rows * convolution.geometry.outputWidth * convolution.patchLength
  }

  /// `output = activation(patches(input) · kernel + bias + addend)` for output rows `rows` of
  /// the batch; `input` and `output` are the whole batch's tensors.
  package static func run(
    _ convolution: Convolution, activation: Activation, input: UnsafePointer<Float>,
    output: UnsafeMutablePointer<Float>, rows: BatchRows, scratch: UnsafeMutablePointer<Float>,
    addend: Addend = .none
  ) {
    let geometry = convolution.geometry
    let width = geometry.outputWidth
    let firstPixel = rows.range.lowerBound * width
    let pixels = rows.range.count * width
    let a: UnsafePointer<Float>
    let lda: Int
    if geometry.isPointwiseIdentity {
      a = input + firstPixel * convolution.inputChannels
      lda = convolution.inputChannels
    } else {
      pack(input, convolution: convolution, rows: rows, into: scratch)
      a = UnsafePointer(scratch)
      lda = convolution.patchLength
    }
    multiply(
      convolution, activation: activation, a: a, lda: lda, pixels: pixels, firstPixel: firstPixel,
      output: output, addend: addend)
  }

  /// `output = activation(a · kernel + bias + addend)` for `pixels` rows of `a`, `lda` floats
  /// apart, which are the output's pixels from `firstPixel` (`output` is the whole batch's).
  package static func multiply(
    _ convolution: Convolution, activation: Activation, a: UnsafePointer<Float>, lda: Int, pixels: Int,
    firstPixel: Int, output: UnsafeMutablePointer<Float>, addend: Addend = .none
  ) {
    let target = output + firstPixel * convolution.outputChannels
    convolution.kernel.withUnsafeBufferPointer { kernel in
      guard let kernel = kernel.baseAddress else { return }
      GEMM.multiply(
        m: pixels, n: convolution.outputChannels, k: convolution.patchLength, a: a, lda: lda, b: kernel,
        beta: { if case .output = addend { return 1 } else { return 0 } }(), c: target)
    }
    if case .narrower(let residual, let channels) = addend {
      Epilogue.finish(
        target, bias: convolution.bias, residual: residual + firstPixel * channels,
        residualChannels: channels,
        activation: activation, rows: pixels, channels: convolution.outputChannels)
      return
    }
    Epilogue.finish(
      target, bias: convolution.bias, activation: activation, rows: pixels,
      channels: convolution.outputChannels)
  }

  /// im2col of `rows`: one row of kh·kw·cin values per output pixel, zeros where the window
  /// hangs over the padding, the chunk's pixels one after the other.
  package static func pack(
    _ input: UnsafePointer<Float>, convolution: Convolution, rows: BatchRows,
    into patches: UnsafeMutablePointer<Float>
  ) {
    let geometry = convolution.geometry
    let imageSize = geometry.inputHeight * geometry.inputWidth * convolution.inputChannels
    let rowSize = geometry.outputWidth * convolution.patchLength
    if var window = geometry.cWindow {
      rows.forEachItem { item, range, offset in
        cinference_patches(
          &window, convolution.inputChannels, input + item * imageSize, patches + offset * rowSize,
          range.lowerBound, range.upperBound)
      }
      return
    }
    rows.forEachItem { item, range, offset in
      packDilated(
        input + item * imageSize, geometry: geometry, channels: convolution.inputChannels, rows: range,
        into: patches + offset * rowSize)
    }
  }

  /// im2col for dilated windows, which the C kernel does not take.
  private static func packDilated(
    _ image: UnsafePointer<Float>, geometry: WindowGeometry, channels: Int, rows: Range<Int>,
    into patches: UnsafeMutablePointer<Float>
  ) {
    var tap = patches
    for outputY in rows {
      for outputX in 0..<geometry.outputWidth {
        for kernelY in 0..<geometry.kernelHeight {
          let inputY = outputY * geometry.strideHeight - geometry.padTop + kernelY * geometry.dilationHeight
          for kernelX in 0..<geometry.kernelWidth {
            let inputX = outputX * geometry.strideWidth - geometry.padLeft + kernelX * geometry.dilationWidth
            if inputY < 0 || inputY >= geometry.inputHeight || inputX < 0 || inputX >= geometry.inputWidth {
              tap.update(repeating: 0, count: channels)
            } else {
              tap.update(from: image + (inputY * geometry.inputWidth + inputX) * channels, count: channels)
            }
            tap += channels
          }
        }
      }
    }
  }
}
