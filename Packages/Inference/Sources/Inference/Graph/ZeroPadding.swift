/// Zeros around one NHWC item: rows above and below, columns left and right, channels before
/// and after each pixel's (TFLite's PAD with a constant 0; BlazeFace widens its shortcuts'
/// channels this way).
struct ZeroPadding: Equatable, Sendable {
  /// The input item's height, width and channels.
  var inputHeight: Int, inputWidth: Int, inputChannels: Int
  /// Rows of zeros above and below.
  var top: Int, bottom: Int
  /// Columns of zeros on the left and right.
  var left: Int, right: Int
  /// Zero channels before and after each pixel's own.
  var channelsBefore: Int, channelsAfter: Int

  /// The output item's height.
  var outputHeight: Int { top + inputHeight + bottom }
  /// The output item's width.
  var outputWidth: Int { left + inputWidth + right }
  /// The output item's channels.
  var outputChannels: Int { channelsBefore + inputChannels + channelsAfter }

  /// Whether it only appends zero channels to each pixel (no rows, columns or channels before).
  var widensChannelsOnly: Bool {
    top == 0 && bottom == 0 && left == 0 && right == 0 && channelsBefore == 0 && channelsAfter > 0
  }
}
