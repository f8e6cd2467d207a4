/// What one graph node computes, with its weights.
///
/// The cases with weights are `indirect`, so every weights pointer stays whole: inline, Swift
/// would keep the case number in a pointer's spare bits, where LeakSanitizer cannot follow it
/// (`OperationLayoutTests` checks the layout).
package enum Operation: Equatable, Sendable {
  /// The model's input.
  case input
  /// The input unchanged, maybe under a new shape (Flatten, Dropout, InputLayer, a folded
  /// BatchNormalization or fused Activation). Costs nothing: it shares its input's memory.
  case identity
  /// Conv2D, and Dense (a 1x1 convolution over the last axis).
  indirect case convolution(Convolution)
  /// DepthwiseConv2D.
  indirect case depthwise(DepthwiseConvolution)
  /// SeparableConv2D: a depthwise convolution, then a pointwise one.
  indirect case separable(DepthwiseConvolution, Convolution)
  /// An unfolded BatchNormalization.
  indirect case channelAffine(ChannelAffine)
  /// A standalone activation (the node's activation applied to its input).
  case activation
  /// MaxPooling2D or AveragePooling2D.
  case pooling(Pooling)
  /// GlobalAveragePooling2D over height and width.
  case globalAveragePooling
  /// The element-wise sum of the inputs.
  case add
  /// The inputs joined along one axis of the per-item shape.
  case concatenate(axis: Int)
  /// Zeros around the input (TFLite's PAD).
  case pad(ZeroPadding)
  /// The input resized bilinearly (TFLite's RESIZE_BILINEAR).
  case resize(BilinearResize)

  /// Whether a BatchNormalization after this node can fold into its weights.
  package var canFoldAffine: Bool {
    switch self {
    case .convolution, .depthwise, .separable, .channelAffine: return true
    default: return false
    }
  }

  /// Folds a per-channel affine map into the weights; false when this node has none.
  package mutating func fold(_ affine: ChannelAffine) -> Bool {
    // `if case` binds the weights and `self = .identity` lets go of this enum's copy, so that
    // they are scaled in place (a `switch` holds its subject to its end: they would be copied).
    if case .convolution(var convolution) = self {
      self = .identity
      convolution.fold(affine)
      self = .convolution(convolution)
    } else if case .depthwise(var depthwise) = self {
      self = .identity
      depthwise.fold(affine)
      self = .depthwise(depthwise)
    } else if case .separable(let depthwise, var pointwise) = self {
      self = .identity
      pointwise.fold(affine)
      self = .separable(depthwise, pointwise)
    } else if case .channelAffine(let first) = self {
      self = .channelAffine(first.followed(by: affine))
    } else {
      return false
    }
    return true
  }

  /// Removes and returns the bias a convolution or a separable convolution adds to its
  /// output; nil (and nothing changed) for any other operation.
  package mutating func takeOutputBias() -> [Float]? {
    switch self {
    case .convolution(var convolution):
      defer { self = .convolution(convolution) }
      return convolution.bias.take()
    case .separable(let depthwise, var pointwise):
      defer { self = .separable(depthwise, pointwise) }
      return pointwise.bias.take()
    default:
      return nil
    }
  }

  /// Whether it ends in a matrix product, which can add its second input (see ``Executor``).
  package var isProduct: Bool {
    switch self {
    case .convolution, .separable: return true
    default: return false
    }
  }

  /// Whether the node writes its own output (activation can be fused into it).
  package var computes: Bool {
    switch self {
    case .input, .identity: return false
    default: return true
    }
  }
}
