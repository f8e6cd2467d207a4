/// Bilinear resizing of one NHWC item, as TFLite's RESIZE_BILINEAR computes it: each output
/// pixel maps to `y · scale` (or `(y + 0.5) · scale - 0.5` with half-pixel centres), clamped
/// to the image, and mixes the four pixels around it.
package struct BilinearResize: Equatable, Sendable {
  /// The input item's height and width.
  package var inputHeight: Int, inputWidth: Int
  /// The output item's height and width.
  package var outputHeight: Int, outputWidth: Int
  /// Channels, resized independently.
  package var channels: Int
  /// Whether the corner pixels of input and output are aligned (scale (in - 1) / (out - 1)).
  package var alignCorners: Bool
  /// Whether pixels are sampled at their centres.
  package var halfPixelCenters: Bool

  /// The value of these parts, for the importers.
  package init(
    inputHeight: Int, inputWidth: Int, outputHeight: Int, outputWidth: Int, channels: Int, alignCorners: Bool,
    halfPixelCenters: Bool
  ) {
    self.inputHeight = inputHeight
    self.inputWidth = inputWidth
    self.outputHeight = outputHeight
    self.outputWidth = outputWidth
    self.channels = channels
    self.alignCorners = alignCorners
    self.halfPixelCenters = halfPixelCenters
  }

  /// Where output row or column `index` reads: the two neighbours and the second's weight.
  package static func sample(
    _ index: Int, input: Int, output: Int, alignCorners: Bool, halfPixelCenters: Bool
  ) -> (
    lower: Int, upper: Int, fraction: Float
  ) {
    let scale: Float =
      alignCorners && output > 1 ? Float(input - 1) / Float(output - 1) : Float(input) / Float(output)
    let position = halfPixelCenters ? (Float(index) + 0.5) * scale - 0.5 : Float(index) * scale
    let lower = max(Int(position.rounded(.down)), 0)
    let upper = min(Int(position.rounded(.up)), input - 1)
    return (lower, upper, position - Float(lower))
  }
}
