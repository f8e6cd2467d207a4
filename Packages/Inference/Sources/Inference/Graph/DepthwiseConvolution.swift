/// A depthwise convolution: each input channel c gets `multiplier` filters of its own;
/// output channel c·multiplier + m. Runs as a direct SIMD loop over channels.
package struct DepthwiseConvolution: Equatable, Sendable {
  /// Where each output pixel reads.
  package var geometry: WindowGeometry
  /// Input channels.
  package var inputChannels: Int
  /// Filters per input channel.
  package var multiplier: Int
  /// The Keras kernel (kh, kw, cin, multiplier), C order.
  package var kernel: [Float]
  /// One bias per output channel, if any.
  package var bias: [Float]?

  /// The value of these parts, for the importers.
  package init(geometry: WindowGeometry, inputChannels: Int, multiplier: Int, kernel: [Float], bias: [Float]?)
  {
    self.geometry = geometry
    self.inputChannels = inputChannels
    self.multiplier = multiplier
    self.kernel = kernel
    self.bias = bias
  }

  /// Output channels: inputChannels × multiplier.
  package var outputChannels: Int { inputChannels * multiplier }

  /// BatchNormalization folded into the weights: the kernel is one row of output channels a tap.
  package mutating func fold(_ affine: ChannelAffine) {
    affine.fold(intoKernel: &kernel, rows: geometry.taps, channels: outputChannels, bias: &bias)
  }
}
