/// Keras's padding modes for convolutions and pooling.
package enum Padding: String, Equatable, Sendable {
  /// No padding: windows lie inside the input.
  case valid
  /// Output size ceil(input / stride); the padding is split with the extra row or column
  /// at the bottom or right, as TensorFlow does.
  case same
}
