/// MaxPooling2D or AveragePooling2D. Padding never counts: max ignores it, and the average
/// divides by the number of real input pixels in each window, as Keras does.
struct Pooling: Equatable, Sendable {
  /// Maximum or mean.
  enum Kind: Equatable, Sendable {
    case maximum, average
  }

  /// Maximum or mean.
  var kind: Kind
  /// Where each output pixel reads.
  var geometry: WindowGeometry
  /// Channels, pooled independently.
  var channels: Int
}
