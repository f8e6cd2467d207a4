/// `y = x · scale[c] + shift[c]` over the last axis: inference-time BatchNormalization.
struct ChannelAffine: Equatable, Sendable {
  /// Per-channel factor, gamma / sqrt(variance + epsilon).
  var scale: [Float]
  /// Per-channel offset, beta - mean · scale.
  var shift: [Float]

  /// The affine map of a BatchNormalization layer.
  init(gamma: [Float]?, beta: [Float]?, mean: [Float], variance: [Float], epsilon: Float) {
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
  init(scale: [Float], shift: [Float]) {
    self.scale = scale
    self.shift = shift
  }

  /// The map `other` applied after this one.
  func followed(by other: ChannelAffine) -> ChannelAffine {
    ChannelAffine(
      scale: zip(scale, other.scale).map { $0 * $1 },
      shift: zip(shift, zip(other.scale, other.shift)).map { $0 * $1.0 + $1.1 })
  }

  /// The number of channels.
  var channels: Int { scale.count }
}
