import InferenceCKernels

/// Runs a ``Convolution`` with few output channels as a direct SIMD loop instead of im2col
/// and a GEMM.
///
/// The layers of a face classifier have 8 to 128 output channels and short patches
/// (K = kh·kw·cin up to a few hundred) on large images. There OpenBLAS spends more time
/// packing than multiplying, and im2col writes K floats per pixel. This kernel reads the
/// input in place: the C kernel `inference_direct_convolution`, for four neighbouring output
/// pixels and eight output channels at a time (AVX2/FMA when the CPU has it), sums `input[tap, c] · kernel[tap, c, 8 channels]` over the window's valid taps in
/// (kh, kw, cin) order in registers, then adds the bias and applies ReLU as it stores (other
/// activations run afterwards). Each item
/// is computed alone, so results never depend on the batch size.
enum DirectConvolutionKernel {
  /// Whether `convolution` runs here: output channels a multiple of 8 and at most 128 (with
  /// AVX-512, also any count below 16, in masked vectors: the fer model's last 3x3
  /// convolution to 7 classes, 12 -> 2 µs a face against OpenBLAS), patches of at most
  /// 1,152 floats, no dilation. (On the fer model, one core: as fast as OpenBLAS on the 64-
  /// and 128-channel layers, and it lets a lone face share them with the helper thread.)
  static func handles(_ convolution: Convolution) -> Bool {
    let geometry = convolution.geometry
    let channels = convolution.outputChannels
    let masked = channels > 0 && channels < 16 && inference_instruction_level() == 2
    return (channels % 8 == 0 || masked) && channels <= 128
      && convolution.patchLength <= 1_152 && geometry.dilationHeight == 1 && geometry.dilationWidth == 1
  }

  /// `output = activation(convolution(input) + bias)` for `batch` packed items.
  static func run(
    _ convolution: Convolution, activation: Activation, input: UnsafePointer<Float>,
    output: UnsafeMutablePointer<Float>, batch: Int
  ) {
    let geometry = convolution.geometry
    let imageSize = geometry.inputHeight * geometry.inputWidth * convolution.inputChannels
    let rows = geometry.outputHeight * geometry.outputWidth
    let outputSize = rows * convolution.outputChannels
    let fused = activation == .linear || activation == .plainReLU
    let relu: Int32 = activation == .plainReLU ? 1 : 0
    let bias = convolution.bias ?? []
    convolution.kernel.withUnsafeBufferPointer { kernel in
      bias.withUnsafeBufferPointer { bias in
        guard let kernel = kernel.baseAddress, var window = geometry.cWindow else { return }
        for item in 0..<batch {
          inference_direct_convolution(
            &window, convolution.inputChannels, convolution.outputChannels, input + item * imageSize, kernel,
            fused && !bias.isEmpty ? bias.baseAddress : nil, fused ? relu : 0, output + item * outputSize, 0,
            geometry.outputHeight)
        }
      }
    }
    if !fused {
      ConvolutionKernel.finish(
        output, bias: convolution.bias, activation: activation, rows: batch * rows,
        channels: convolution.outputChannels)
    }
  }

  /// Whether `activation` is applied inside the kernel (so row ranges need nothing after).
  static func fuses(_ activation: Activation) -> Bool {
    activation == .linear || activation == .plainReLU
  }

  /// Output rows `rows` of one item, bias and a fused activation included.
  static func run(
    _ convolution: Convolution, fusedActivation activation: Activation, input: UnsafePointer<Float>,
    output: UnsafeMutablePointer<Float>, rows: Range<Int>
  ) {
    let relu: Int32 = activation == .plainReLU ? 1 : 0
    let bias = convolution.bias ?? []
    convolution.kernel.withUnsafeBufferPointer { kernel in
      bias.withUnsafeBufferPointer { bias in
        guard let kernel = kernel.baseAddress, var window = convolution.geometry.cWindow else { return }
        inference_direct_convolution(
          &window, convolution.inputChannels, convolution.outputChannels, input, kernel,
          bias.isEmpty ? nil : bias.baseAddress, relu,
          output, rows.lowerBound, rows.upperBound)
      }
    }
  }
}
