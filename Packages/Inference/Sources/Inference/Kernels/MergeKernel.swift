/// Layers that combine or rescale whole tensors: Add, Concatenate, unfolded BatchNormalization.
package enum MergeKernel {
  /// `output = activation(inputs[0] + inputs[1] + ...)` over the `count` elements from
  /// `offset` of each input.
  package static func add(
    _ inputs: UnsafeBufferPointer<UnsafePointer<Float>>, offset: Int, output: UnsafeMutablePointer<Float>,
    count: Int, channels: Int, activation: Activation
  ) {
    guard inputs.count >= 2 else {
      if let only = inputs.first { output.update(from: only + offset, count: count) }
      Epilogue.activate(activation, output, rows: count / max(channels, 1), channels: channels)
      return
    }
    VectorMath.add(inputs[0] + offset, inputs[1] + offset, into: output, count: count)
    for input in inputs.dropFirst(2) {
      VectorMath.accumulate(output, input + offset, count: count)
    }
    Epilogue.activate(activation, output, rows: count / max(channels, 1), channels: channels)
  }

  /// Joins the inputs along one axis for the batch items `items`: for each of an item's
  /// `outerPerItem` blocks, input i contributes `chunks[i]` contiguous floats.
  package static func concatenate(
    _ inputs: UnsafeBufferPointer<UnsafePointer<Float>>, chunks: [Int], outerPerItem: Int, items: Range<Int>,
    output: UnsafeMutablePointer<Float>
  ) {
    let total = chunks.reduce(0, +)
    let blocks = (items.lowerBound * outerPerItem)..<(items.upperBound * outerPerItem)
    var offset = 0
    for (input, chunk) in zip(inputs, chunks) {
      for block in blocks {
        (output + block * total + offset).update(from: input + block * chunk, count: chunk)
      }
      offset += chunk
    }
  }

  /// `output = activation(input · scale[c] + shift[c])`, channels last.
  package static func affine(
    _ affine: ChannelAffine, input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>, rows: Int,
    activation: Activation
  ) {
    let channels = affine.channels
    affine.scale.withUnsafeBufferPointer { scale in
      affine.shift.withUnsafeBufferPointer { shift in
        for row in 0..<rows {
          let base = row * channels
          for channel in 0..<channels {
            output[base + channel] = input[base + channel] * scale[channel] + shift[channel]
          }
        }
      }
    }
    Epilogue.activate(activation, output, rows: rows, channels: channels)
  }
}
