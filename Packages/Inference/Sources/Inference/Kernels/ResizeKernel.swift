/// Writes a ``BilinearResize``'s output rows, each pixel the weighted sum of its four
/// neighbours in TFLite's reference order.
package enum ResizeKernel {
  /// Output rows `rows` of the batch, written from `output` (the batch tensor at the first row).
  package static func run(
    _ resize: BilinearResize, input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>,
    rows: BatchRows
  ) {
    let channels = resize.channels
    let inputRow = resize.inputWidth * channels
    let columns = (0..<resize.outputWidth).map {
      BilinearResize.sample(
        $0, input: resize.inputWidth, output: resize.outputWidth, alignCorners: resize.alignCorners,
        halfPixelCenters: resize.halfPixelCenters)
    }
    rows.forEachItem { item, range, offset in
      let image = input + item * resize.inputHeight * inputRow
      for outputY in range {
        let row = BilinearResize.sample(
          outputY, input: resize.inputHeight, output: resize.outputHeight, alignCorners: resize.alignCorners,
          halfPixelCenters: resize.halfPixelCenters)
        let upperRow = image + row.lower * inputRow
        let lowerRow = image + row.upper * inputRow
        var target = output + (offset + outputY - range.lowerBound) * resize.outputWidth * channels
        for column in columns {
          let weights = (
            (1 - row.fraction) * (1 - column.fraction), row.fraction * (1 - column.fraction),
            (1 - row.fraction) * column.fraction, row.fraction * column.fraction
          )
          let topLeft = upperRow + column.lower * channels
          let bottomLeft = lowerRow + column.lower * channels
          let topRight = upperRow + column.upper * channels
          let bottomRight = lowerRow + column.upper * channels
          for channel in 0..<channels {
            target[channel] =
              topLeft[channel] * weights.0 + bottomLeft[channel] * weights.1 + topRight[channel] * weights.2
              + bottomRight[channel] * weights.3
          }
          target += channels
        }
      }
    }
  }
}
