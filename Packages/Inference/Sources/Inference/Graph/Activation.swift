/// An element-wise activation, standalone or fused into the layer before it.
package enum Activation: Equatable, Sendable {
  /// The identity.
  case linear
  /// Keras's general ReLU: min(x, maxValue) when x > threshold, else
  /// `negativeSlope * (x - threshold)`. Plain relu is `relu(maxValue: nil, 0, 0)`.
  case relu(maxValue: Float?, negativeSlope: Float, threshold: Float)
  /// 1 / (1 + e^-x).
  case sigmoid
  /// The hyperbolic tangent.
  case tanh
  /// e^x normalised over the last axis.
  case softmax
  /// x where x > 0, else `slopes[c] · x` for channel c of the last axis (ONNX's PRelu; one
  /// slope repeated for a shared one).
  case prelu(slopes: [Float])

  /// Plain relu.
  package static let plainReLU = Activation.relu(maxValue: nil, negativeSlope: 0, threshold: 0)

  /// Parses a Keras activation name (`"relu"`, `"relu6"`, ...); nil when unknown.
  package init?(kerasName: String) {
    switch kerasName {
    case "linear": self = .linear
    case "relu": self = .plainReLU
    case "relu6": self = .relu(maxValue: 6, negativeSlope: 0, threshold: 0)
    case "sigmoid": self = .sigmoid
    case "tanh": self = .tanh
    case "softmax": self = .softmax
    default: return nil
    }
  }
}
