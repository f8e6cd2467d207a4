import CInference

/// Where a 2-D sliding window (convolution or pooling) reads, under Keras's padding rules.
package struct WindowGeometry: Equatable, Sendable {
  /// Input height and width.
  package var inputHeight: Int, inputWidth: Int
  /// Window size.
  package var kernelHeight: Int, kernelWidth: Int
  /// Steps between windows.
  package var strideHeight: Int, strideWidth: Int
  /// Spacing of the window's taps (1 = dense).
  package var dilationHeight: Int, dilationWidth: Int
  /// Output height and width.
  package var outputHeight: Int, outputWidth: Int
  /// Rows of padding above and columns of padding on the left (the rest goes below/right).
  package var padTop: Int, padLeft: Int

  /// Computes the output size and padding for an input size, as Keras does.
  ///
  /// 'valid': out = ceil((in - k_eff + 1) / s). 'same': out = ceil(in / s), total padding
  /// max((out - 1) * s + k_eff - in, 0), of which floor(total / 2) goes on top or left.
  package init?(
    inputHeight: Int, inputWidth: Int, kernel: (Int, Int), strides: (Int, Int),
    dilation: (Int, Int) = (1, 1), padding: Padding
  ) {
    guard strides.0 > 0, strides.1 > 0 else { return nil }
    var pads = (top: 0, left: 0, bottom: 0, right: 0)
    if padding == .same {
      let vertical = Self.samePadding(inputHeight, kernel: kernel.0, stride: strides.0, dilation: dilation.0)
      let horizontal = Self.samePadding(inputWidth, kernel: kernel.1, stride: strides.1, dilation: dilation.1)
      pads = (vertical / 2, horizontal / 2, vertical - vertical / 2, horizontal - horizontal / 2)
    }
    self.init(
      inputHeight: inputHeight, inputWidth: inputWidth, kernel: kernel, strides: strides, dilation: dilation,
      padding: pads)
  }

  /// The total padding of one axis under 'same': enough for ceil(size / stride) windows.
  package static func samePadding(_ size: Int, kernel: Int, stride: Int, dilation: Int) -> Int {
    let outputs = (size + stride - 1) / stride
    return max((outputs - 1) * stride + (kernel - 1) * dilation + 1 - size, 0)
  }

  /// A window with explicit padding (ONNX's `pads`): `padding` rows above, columns on the left,
  /// rows below and columns on the right. out = floor((in + before + after - k_eff) / s) + 1;
  /// nil when a count is negative or no window fits.
  package init?(
    inputHeight: Int, inputWidth: Int, kernel: (Int, Int), strides: (Int, Int), dilation: (Int, Int) = (1, 1),
    padding: (top: Int, left: Int, bottom: Int, right: Int)
  ) {
    guard kernel.0 > 0, kernel.1 > 0, strides.0 > 0, strides.1 > 0, dilation.0 > 0, dilation.1 > 0,
      padding.top >= 0, padding.left >= 0, padding.bottom >= 0, padding.right >= 0
    else { return nil }
    self.inputHeight = inputHeight
    self.inputWidth = inputWidth
    (kernelHeight, kernelWidth) = kernel
    (strideHeight, strideWidth) = strides
    (dilationHeight, dilationWidth) = dilation
    let spanHeight = inputHeight + padding.top + padding.bottom - ((kernel.0 - 1) * dilation.0 + 1)
    let spanWidth = inputWidth + padding.left + padding.right - ((kernel.1 - 1) * dilation.1 + 1)
    guard spanHeight >= 0, spanWidth >= 0 else { return nil }
    outputHeight = spanHeight / strides.0 + 1
    outputWidth = spanWidth / strides.1 + 1
    padTop = padding.top
    padLeft = padding.left
  }

  /// Whether every window is one tap at stride 1 with no padding (a 1x1 convolution that
  /// can run on the input matrix directly).
  package var isPointwiseIdentity: Bool {
    kernelHeight == 1 && kernelWidth == 1 && strideHeight == 1 && strideWidth == 1
      && padTop == 0 && padLeft == 0 && outputHeight == inputHeight && outputWidth == inputWidth
  }

  /// The taps per window.
  package var taps: Int { kernelHeight * kernelWidth }

  /// The geometry for the C kernels, or nil with dilation (they do not handle it).
  package var cWindow: InferenceWindow? {
    guard dilationHeight == 1, dilationWidth == 1 else { return nil }
    return InferenceWindow(
      inputHeight: inputHeight, inputWidth: inputWidth, kernelHeight: kernelHeight, kernelWidth: kernelWidth,
      strideHeight: strideHeight, strideWidth: strideWidth, outputHeight: outputHeight,
      outputWidth: outputWidth, padTop: padTop, padLeft: padLeft)
  }
}
