/// Writes a ``ZeroPadding``'s output rows: zero rows, and rows of zero pixels around the input
/// row's pixels, each widened by zero channels.
package enum PadKernel {
  /// Output rows `rows` of the batch, written from `output` (the batch tensor at the first row).
  package static func run(
    _ padding: ZeroPadding, input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>, rows: BatchRows
  ) {
    let inputRow = padding.inputWidth * padding.inputChannels
    let outputRow = padding.outputWidth * padding.outputChannels
    rows.forEachItem { item, range, offset in
      let image = input + item * padding.inputHeight * inputRow
      for outputY in range {
        var target = output + (offset + outputY - range.lowerBound) * outputRow
        let inputY = outputY - padding.top
        guard inputY >= 0, inputY < padding.inputHeight else {
          target.update(repeating: 0, count: outputRow)
          continue
        }
        let leftFloats = padding.left * padding.outputChannels
        target.update(repeating: 0, count: leftFloats)
        target += leftFloats
        var source = image + inputY * inputRow
        for _ in 0..<padding.inputWidth {
          target.update(repeating: 0, count: padding.channelsBefore)
          (target + padding.channelsBefore).update(from: source, count: padding.inputChannels)
          (target + padding.channelsBefore + padding.inputChannels).update(
            repeating: 0, count: padding.channelsAfter)
          target += padding.outputChannels
          source += padding.inputChannels
        }
        target.update(repeating: 0, count: padding.right * padding.outputChannels)
      }
    }
  }
}
