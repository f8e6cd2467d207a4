@testable import Inference
@testable import InferenceTFLite

/// Small models of several operators each, written by ``TFLiteBuilder``: committed in
/// `Fixtures/tflite/` as the seeds of the `tflite` fuzz target (Tools/fuzz), and kept equal to
/// the builder's output by `TFLiteSampleModelTests`.
enum TFLiteSampleModels {
  /// Each model's file name (without `.tflite`) and builder.
  static let all: [(name: String, builder: TFLiteBuilder)] = [
    ("conv_same_stride2_relu6", convolution()), ("depthwise_add_concat", depthwiseAddConcat()),
    ("pool_reshape_two_outputs", poolReshape()), ("float16_dequantize", float16()),
    ("pad_resize", padResize()),
  ]

  /// 5x5x2 → CONV_2D 3x3, SAME, stride 2, bias, RELU6 → 3x3x3.
  static func convolution() -> TFLiteBuilder {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 5, 5, 2])
    let filter = builder.constant("filter", [3, 3, 3, 2], (0..<54).map { Float($0 % 5) - 2 })
    let bias = builder.constant("bias", [3], [0.5, -1, 2])
    builder.outputs = [
      builder.conv2D(
        input, filter: filter, bias: bias, output: [1, 3, 3, 3], padding: .same, stride: (2, 2),
        activation: .relu6)
    ]
    return builder
  }

  /// 4x4x2 → DEPTHWISE 3x3 multiplier 1 (SAME) → ADD with the input, RELU → CONCATENATION
  /// with the input on axis -1 → 4x4x4.
  static func depthwiseAddConcat() -> TFLiteBuilder {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 4, 4, 2])
    let filter = builder.constant("filter", [1, 3, 3, 2], (0..<18).map { Float($0 % 3) - 1 })
    let bias = builder.constant("bias", [2], [0.25, -0.25])
    let depthwise = builder.depthwise(
      input, filter: filter, bias: bias, multiplier: 1, output: [1, 4, 4, 2], padding: .same)
    let sum = builder.add(input, depthwise, output: [1, 4, 4, 2], activation: .relu)
    builder.outputs = [builder.concatenation([input, sum], axis: -1, output: [1, 4, 4, 4])]
    return builder
  }

  /// 6x6x1 → MAX_POOL 2x2 stride 2 → 3x3x1, and RESHAPE of that to [9]: two outputs.
  static func poolReshape() -> TFLiteBuilder {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 6, 6, 1])
    let pool = builder.maxPool(input, filter: (2, 2), stride: (2, 2), padding: .valid, output: [1, 3, 3, 1])
    builder.outputs = [pool, builder.reshape(pool, output: [1, 9])]
    return builder
  }

  /// 3x3x1 → CONV_2D 2x2 VALID with float16 weights and bias behind DEQUANTIZE → 2x2x2.
  static func float16() -> TFLiteBuilder {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 3, 3, 1])
    // 1, -1, 0.5, 2, -0.5, 0.25, 1.5, -2.
    let filter = builder.float16Constant(
      "filter", [2, 2, 2, 1], bits: [0x3C00, 0xBC00, 0x3800, 0x4000, 0xB800, 0x3400, 0x3E00, 0xC000])
    let bias = builder.float16Constant("bias", [2], bits: [0x3C00, 0x0000])
    builder.outputs = [builder.conv2D(input, filter: filter, bias: bias, output: [1, 2, 2, 2])]
    return builder
  }

  /// 2x2x1 → PAD (1 row on top, 1 column right, 1 channel after) → 3x3x2 → RESIZE_BILINEAR
  /// with half-pixel centres to 5x5x2.
  static func padResize() -> TFLiteBuilder {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 2, 2, 1])
    let padded = builder.pad(input, amounts: [(0, 0), (1, 0), (0, 1), (0, 1)], output: [1, 3, 3, 2])
    builder.outputs = [
      builder.resizeBilinear(padded, size: (5, 5), halfPixelCenters: true, output: [1, 5, 5, 2])
    ]
    return builder
  }
}
