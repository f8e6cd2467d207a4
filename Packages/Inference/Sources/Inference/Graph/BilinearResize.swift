/// Bilinear resizing of one NHWC item, as TFLite's RESIZE_BILINEAR computes it: each output
/// pixel maps to `y · scale` (or `(y + 0.5) · scale - 0.5` with half-pixel centres), clamped
/// to the image, and mixes the four pixels around it.
struct BilinearResize: Equatable, Sendable {
  /// The input item's height and width.
  var inputHeight: Int, inputWidth: Int
  /// The output item's height and width.
  var outputHeight: Int, outputWidth: Int
  /// Channels, resized independently.
  var channels: Int
  /// Whether the corner pixels of input and output are aligned (scale (in - 1) / (out - 1)).
  var alignCorners: Bool
  /// Whether pixels are sampled at their centres.
  var halfPixelCenters: Bool

  /// Where output row or column `index` reads: the two neighbours and the second's weight.
  static func sample(
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
