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

  /// Floats of scratch one chunk of `rows` output rows needs: its patches (none when the GEMM
  /// reads the input), then its product when that has padded columns.
  package static func scratch(_ convolution: Convolution, rows: Int) -> Int {
    let pixels = rows * convolution.geometry.outputWidth
    let columns = productColumns(convolution)
    return (convolution.geometry.isPointwiseIdentity ? 0 : pixels * convolution.patchLength)
      + (columns == convolution.outputChannels ? 0 : pixels * columns)
  }

  /// The columns of ``run``'s product: cout, or the multiple of 8 above it when cout is 3 or
  /// more and not a multiple of 4 (the emotion CNN's 7 classes), which OpenBLAS's AVX2 kernels
  /// multiply in narrow edge passes: 7 columns took twice as long as 8. (A separable step's
  /// pointwise product, through ``multiply``, keeps cout: no model here needs more.)
  package static func productColumns(_ convolution: Convolution) -> Int {
    let channels = convolution.outputChannels
    return channels >= 3 && channels % 4 != 0 ? (channels + 7) / 8 * 8 : channels
  }

  /// `convolution`'s kernel with zero columns up to ``productColumns(_:)``; nil when it needs
  /// none.
  package static func paddedKernel(_ convolution: Convolution) -> [Float]? {
    let columns = productColumns(convolution)
    let channels = convolution.outputChannels
    guard columns != channels else { return nil }
    var padded = [Float](repeating: 0, count: convolution.patchLength * columns)
    for row in 0..<convolution.patchLength {
      for channel in 0..<channels {
        padded[row * columns + channel] = convolution.kernel[row * channels + channel]
      }
    }
    return padded
  }

  /// `output = activation(patches(input) · kernel + bias + addend)` for output rows `rows` of
  /// the batch; `input` and `output` are the whole batch's tensors. `paddedKernel` is
  /// ``paddedKernel(_:)``'s, which the plan keeps; without it, it is made here.
  package static func run(
    _ convolution: Convolution, activation: Activation, input: UnsafePointer<Float>,
    output: UnsafeMutablePointer<Float>, rows: BatchRows, scratch: UnsafeMutablePointer<Float>,
    addend: Addend = .none, paddedKernel: [Float]? = nil
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
    if productColumns(convolution) != convolution.outputChannels,
      let kernel = paddedKernel ?? Self.paddedKernel(convolution)
    {
      // The product with zero columns goes after the patches.
      multiplyPadded(
        convolution, kernel: kernel, activation: activation, a: a, lda: lda, pixels: pixels,
        firstPixel: firstPixel, output: output,
        product: scratch + (geometry.isPointwiseIdentity ? 0 : pixels * convolution.patchLength),
        addend: addend)
      return
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
    finish(
      convolution, activation: activation, target: target, pixels: pixels, firstPixel: firstPixel,
      addend: addend)
  }

  /// ``multiply(_:activation:a:lda:pixels:firstPixel:output:addend:)`` with `kernel`'s zero
  /// columns (``paddedKernel(_:)``): the product goes to `product`, and its first cout columns
  /// to the output (added to it for `.output`) before the epilogue.
  private static func multiplyPadded(
    _ convolution: Convolution, kernel: [Float], activation: Activation, a: UnsafePointer<Float>, lda: Int,
    pixels: Int, firstPixel: Int, output: UnsafeMutablePointer<Float>, product: UnsafeMutablePointer<Float>,
    addend: Addend
  ) {
    let columns = productColumns(convolution)
    let channels = convolution.outputChannels
    let target = output + firstPixel * channels
    kernel.withUnsafeBufferPointer { kernel in
      guard let kernel = kernel.baseAddress else { return }
      GEMM.multiply(m: pixels, n: columns, k: convolution.patchLength, a: a, lda: lda, b: kernel, c: product)
    }
    for pixel in 0..<pixels {
      let row = target + pixel * channels
      let source = product + pixel * columns
      if case .output = addend {
        VectorMath.accumulate(row, source, count: channels)
      } else {
        row.update(from: source, count: channels)
      }
    }
    finish(
      convolution, activation: activation, target: target, pixels: pixels, firstPixel: firstPixel,
      addend: addend)
  }

  /// The epilogue over `pixels` rows of the product at `target`, the output's from `firstPixel`.
  private static func finish(
    _ convolution: Convolution, activation: Activation, target: UnsafeMutablePointer<Float>, pixels: Int,
    firstPixel: Int, addend: Addend
  ) {
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
