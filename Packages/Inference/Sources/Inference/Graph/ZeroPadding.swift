/// Zeros around one NHWC item: rows above and below, columns left and right, channels before
/// and after each pixel's (TFLite's PAD with a constant 0; BlazeFace widens its shortcuts'
/// channels this way).
package struct ZeroPadding: Equatable, Sendable {
  /// The input item's height, width and channels.
  package var inputHeight: Int, inputWidth: Int, inputChannels: Int
  /// Rows of zeros above and below.
  package var top: Int, bottom: Int
  /// Columns of zeros on the left and right.
  package var left: Int, right: Int
  /// Zero channels before and after each pixel's own.
  package var channelsBefore: Int, channelsAfter: Int

  /// The value of these parts, for the importers.
  package init(
    inputHeight: Int, inputWidth: Int, inputChannels: Int, top: Int, bottom: Int, left: Int, right: Int,
    channelsBefore: Int, channelsAfter: Int
  ) {
    self.inputHeight = inputHeight
    self.inputWidth = inputWidth
    self.inputChannels = inputChannels
    self.top = top
    self.bottom = bottom
    self.left = left
    self.right = right
    self.channelsBefore = channelsBefore
    self.channelsAfter = channelsAfter
  }

  /// The output item's height.
  package var outputHeight: Int { top + inputHeight + bottom }
  /// The output item's width.
  package var outputWidth: Int { left + inputWidth + right }
  /// The output item's channels.
  package var outputChannels: Int { channelsBefore + inputChannels + channelsAfter }

  /// Whether it only appends zero channels to each pixel (no rows, columns or channels before).
  package var widensChannelsOnly: Bool {
    top == 0 && bottom == 0 && left == 0 && right == 0 && channelsBefore == 0 && channelsAfter > 0
  }
}
