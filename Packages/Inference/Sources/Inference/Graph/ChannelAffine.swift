/// `y = x · scale[c] + shift[c]` over the last axis: inference-time BatchNormalization.
package struct ChannelAffine: Equatable, Sendable {
  /// Per-channel factor, gamma / sqrt(variance + epsilon).
  package var scale: [Float]
  /// Per-channel offset, beta - mean · scale.
  package var shift: [Float]

  /// The affine map of a BatchNormalization layer.
  package init(gamma: [Float]?, beta: [Float]?, mean: [Float], variance: [Float], epsilon: Float) {
    var scale = [Float](repeating: 0, count: mean.count)
    var shift = [Float](repeating: 0, count: mean.count)
    for channel in 0..<mean.count {
      let factor = Double(gamma?[channel] ?? 1) / (Double(variance[channel]) + Double(epsilon)).squareRoot()
      scale[channel] = Float(factor)
      shift[channel] = Float(Double(beta?[channel] ?? 0) - Double(mean[channel]) * factor)
    }
    self.scale = scale
    self.shift = shift
  }

  /// An affine map from its parts.
  package init(scale: [Float], shift: [Float]) {
    self.scale = scale
    self.shift = shift
  }

  /// The map `other` applied after this one.
  package func followed(by other: ChannelAffine) -> ChannelAffine {
    ChannelAffine(
      scale: zip(scale, other.scale).map { $0 * $1 },
      shift: zip(shift, zip(other.scale, other.shift)).map { $0 * $1.0 + $1.1 })
  }

  /// The number of channels.
  package var channels: Int { scale.count }

  /// Folds this map into the weights of the layer before it, whose kernel is `rows` rows of
  /// `channels` weights (one per output channel): BatchNormalization folded into a convolution.
  package func fold(intoKernel kernel: inout [Float], rows: Int, channels: Int, bias: inout [Float]?) {
    precondition(
      kernel.count == rows * channels && scale.count == channels, "a kernel of \(channels) channels")
    kernel.withUnsafeMutableBufferPointer { kernel in
      scale.withUnsafeBufferPointer { scale in
        for row in 0..<rows {
          for channel in 0..<channels { kernel[row * channels + channel] *= scale[channel] }
        }
      }
    }
    bias = (0..<channels).map { channel in
      (bias?[channel] ?? 0) * scale[channel] + shift[channel]
    }
  }
}
