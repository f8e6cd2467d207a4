/// A tensor kept as one plane per channel for ``PlanarConvolutionKernel``: the batch's items
/// one below the other as a tall image of `itemRows` rows per item, `rowPitch` floats a row.
/// The rows and columns past an item's own height and width hold values that are never read
/// as part of it (a convolution's dropped borders), and `slack` floats after each plane's last
/// row are there for the taps that read past it.
package struct PlaneLayout: Equatable, Sendable {
  /// Channels: one plane each.
  package var channels: Int
  /// Rows of one item in the tall image.
  package var itemRows: Int
  /// Floats from one row to the next.
  package var rowPitch: Int
  /// Floats after each plane's last row.
  package var slack: Int

  /// Floats from one plane to the next, for a batch of `batch` items (whole cache lines).
  package func planePitch(batch: Int) -> Int {
    (batch * itemRows * rowPitch + slack + 15) / 16 * 16
  }

  /// Floats per batch item that a slot holding the tensor needs (the slack counted per item,
  /// so any batch fits).
  package var floatsPerItem: Int {
    channels * (itemRows * rowPitch + slack + 15)
  }
}
