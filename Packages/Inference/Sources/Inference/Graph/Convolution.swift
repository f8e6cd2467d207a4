/// A convolution as a matrix product: `output[rows, cout] = patches[rows, K] × kernel[K, cout]`
/// with K = kh·kw·cin and the patches in (kh, kw, cin) order, so the Keras kernel
/// (kh, kw, cin, cout) is the B matrix exactly as stored. Also used for Dense (a 1x1
/// convolution over a matrix) and for the pointwise half of SeparableConv2D.
package struct Convolution: Equatable, Sendable {
  /// Where each output pixel reads.
  package var geometry: WindowGeometry
  /// Input channels (cin).
  package var inputChannels: Int
  /// Output channels (cout).
  package var outputChannels: Int
  /// The kernel, K × cout row-major.
  package var kernel: [Float]
  /// One bias per output channel, if any.
  package var bias: [Float]?

  /// The value of these parts, for the importers.
  package init(
    geometry: WindowGeometry, inputChannels: Int, outputChannels: Int, kernel: [Float], bias: [Float]?
  ) {
    self.geometry = geometry
    self.inputChannels = inputChannels
    self.outputChannels = outputChannels
    self.kernel = kernel
    self.bias = bias
  }

  /// K, the GEMM's inner dimension.
  package var patchLength: Int { geometry.taps * inputChannels }

  /// Scales output channel `c` by `scale[c]` and adds `shift[c]`: BatchNormalization folded
  /// into the weights.
  package mutating func fold(_ affine: ChannelAffine) {
    affine.fold(intoKernel: &kernel, rows: patchLength, channels: outputChannels, bias: &bias)
  }

  /// Takes in a bias added to every input pixel before it (a depthwise convolution's, when
  /// the two run as one separable step): `bias[n] += Σ_c input[c] · kernel[c, n]` for each
  /// tap, exact for windows inside the image, which a 1x1 convolution's always are.
  package mutating func absorbInputBias(_ input: [Float]) {
    var sums = bias ?? [Float](repeating: 0, count: outputChannels)
    for row in 0..<patchLength {
      let value = input[row % inputChannels]
      for channel in 0..<outputChannels {
        sums[channel] += value * kernel[row * outputChannels + channel]
      }
    }
    bias = sums
  }
}
