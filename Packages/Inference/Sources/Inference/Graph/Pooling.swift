/// MaxPooling2D or AveragePooling2D. Padding never counts: max ignores it, and the average
/// divides by the number of real input pixels in each window, as Keras does.
package struct Pooling: Equatable, Sendable {
  /// Maximum or mean.
  package enum Kind: Equatable, Sendable {
    case maximum, average
  }

  /// Maximum or mean.
  package var kind: Kind
  /// Where each output pixel reads.
  package var geometry: WindowGeometry
  /// Channels, pooled independently.
  package var channels: Int

  /// The value of these parts, for the importers.
  package init(kind: Kind, geometry: WindowGeometry, channels: Int) {
    self.kind = kind
    self.geometry = geometry
    self.channels = channels
  }
}
