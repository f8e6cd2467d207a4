/// A depthwise convolution: each input channel c gets `multiplier` filters of its own;
/// output channel c·multiplier + m. Runs as a direct SIMD loop over channels.
struct DepthwiseConvolution: Equatable, Sendable {
  /// Where each output pixel reads.
  var geometry: WindowGeometry
  /// Input channels.
  var inputChannels: Int
  /// Filters per input channel.
  var multiplier: Int
  /// The Keras kernel (kh, kw, cin, multiplier), C order.
  var kernel: [Float]
  /// One bias per output channel, if any.
  var bias: [Float]?

  /// Output channels: inputChannels × multiplier.
  var outputChannels: Int { inputChannels * multiplier }

  /// BatchNormalization folded into the weights.
  mutating func fold(_ affine: ChannelAffine) {
    let channels = outputChannels
    for tap in 0..<geometry.taps {
      for channel in 0..<channels {
        kernel[tap * channels + channel] *= affine.scale[channel]
      }
    }
    bias = (0..<channels).map { channel in
      (bias?[channel] ?? 0) * affine.scale[channel] + affine.shift[channel]
    }
  }
}
