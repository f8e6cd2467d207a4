import Testing

@testable import Inference
@testable import InferenceTFLite

/// Each operator the importer runs, in a tiny model written by ``TFLiteBuilder`` and loaded by
/// `TFLiteModel(bytes:path:)`, on inputs small enough that every expected value is worked out
/// by hand in the comments.
@Suite("TFLite operators on hand-worked tensors")
struct TFLiteOperatorTests {
  /// Input of 3x3x2: channel 0 is 1...9 row by row, channel 1 is 100 at (0, 0) and 0 elsewhere.
  private static let convolutionInput: [Float] = [
    1, 100, 2, 0, 3, 0,
    4, 0, 5, 0, 6, 0,
    7, 0, 8, 0, 9, 0,
  ]

  /// A 2x2 filter with two inputs in TFLite's (out, height, width, in) order:
  /// out 0 = in0(y, x) - in0(y+1, x+1); out 1 = in1(y, x) + in0(y, x+1) + in0(y+1, x).
  private static let filter: [Float] = [
    1, 0, 0, 0, 0, 0, -1, 0,
    0, 1, 1, 0, 1, 0, 0, 0,
  ]

  private func convolutionModel(
    padding: TFLiteBuilder.Padding, stride: Int, activation: TFLiteBuilder.Fused, output: [Int]
  ) -> TFLiteBuilder {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 3, 3, 2])
    let filter = builder.constant("filter", [2, 2, 2, 2], Self.filter)
    let bias = builder.constant("bias", [2], [0.5, -10])
    builder.outputs = [
      builder.conv2D(
        input, filter: filter, bias: bias, output: output, padding: padding, stride: (stride, stride),
        activation: activation)
    ]
    return builder
  }

  @Test("CONV_2D, VALID, stride 1: the (out, h, w, in) filter order, bias, no activation")
  func convolutionValid() throws {
    // out 0: 1-5, 2-6, 4-8, 5-9 = -4 each, + 0.5 = -3.5.
    // out 1: (0,0) 100+2+4 = 106, (0,1) 0+3+5 = 8, (1,0) 0+5+7 = 12, (1,1) 0+6+8 = 14; - 10.
    let builder = convolutionModel(padding: .valid, stride: 1, activation: .none, output: [1, 2, 2, 2])
    #expect(try builder.run(Self.convolutionInput) == [[-3.5, 96, -3.5, -2, -3.5, 2, -3.5, 4]])
  }

  @Test("CONV_2D with fused RELU and RELU6")
  func convolutionActivations() throws {
    let relu = convolutionModel(padding: .valid, stride: 1, activation: .relu, output: [1, 2, 2, 2])
    #expect(try relu.run(Self.convolutionInput) == [[0, 96, 0, 0, 0, 2, 0, 4]])
    let relu6 = convolutionModel(padding: .valid, stride: 1, activation: .relu6, output: [1, 2, 2, 2])
    #expect(try relu6.run(Self.convolutionInput) == [[0, 6, 0, 0, 0, 2, 0, 4]])
  }

  @Test("CONV_2D, SAME, stride 2: TFLite pads the bottom and right (3 → 2, one zero row and column)")
  func convolutionSameStride2() throws {
    // Windows rows {0, 1} and {2, pad}, columns the same.
    // out 0: (0,0) 1-5 = -4, (0,1) 3-0 = 3, (1,0) 7-0 = 7, (1,1) 9-0 = 9; + 0.5.
    // out 1: (0,0) 100+2+4 = 106, (0,1) 0+0+6 = 6, (1,0) 0+8+0 = 8, (1,1) 0; - 10.
    let builder = convolutionModel(padding: .same, stride: 2, activation: .none, output: [1, 2, 2, 2])
    #expect(try builder.run(Self.convolutionInput) == [[-3.5, 96, 3.5, -4, 7.5, -2, 9.5, -10]])
  }

  @Test("CONV_2D without a bias: two inputs, as converters write it, or a third of -1")
  func convolutionWithoutBias() throws {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 3, 3, 2])
    let filter = builder.constant("filter", [2, 2, 2, 2], Self.filter)
    builder.outputs = [builder.conv2D(input, filter: filter, bias: nil, output: [1, 2, 2, 2])]
    #expect(try builder.run(Self.convolutionInput) == [[-4, 106, -4, 8, -4, 12, -4, 14]])
    builder.operators[0][1] = .int32s([Int32(input), Int32(filter), -1])
    #expect(try builder.run(Self.convolutionInput) == [[-4, 106, -4, 8, -4, 12, -4, 14]])
  }

  @Test("a declared output shape that is not the computed one is refused")
  func convolutionWrongDeclaredShape() throws {
    let builder = convolutionModel(padding: .same, stride: 1, activation: .none, output: [1, 2, 2, 2])
    #expect(throws: ModelError.self) { try builder.load() }
  }

  @Test("DEPTHWISE_CONV_2D, multiplier 1: each channel its own 2x2 kernel, with bias")
  func depthwiseMultiplier1() throws {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 2, 2, 2])
    // Channel 0 kernel [[1, 2], [3, 4]], channel 1 [[0, -1], [1, 0]], as (1, h, w, c).
    let filter = builder.constant("filter", [1, 2, 2, 2], [1, 0, 2, -1, 3, 1, 4, 0])
    let bias = builder.constant("bias", [2], [1, 2])
    builder.outputs = [
      builder.depthwise(input, filter: filter, bias: bias, multiplier: 1, output: [1, 1, 1, 2])
    ]
    // Channel 0 [[1, 2], [3, 4]]: 1 + 4 + 9 + 16 + 1 = 31; channel 1 [[10, 20], [30, 40]]: -20 + 30 + 2 = 12.
    #expect(try builder.run([1, 10, 2, 20, 3, 30, 4, 40]) == [[31, 12]])
  }

  @Test("DEPTHWISE_CONV_2D, multiplier 2: output channel c · 2 + m")
  func depthwiseMultiplier2() throws {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 1, 2, 2])
    let filter = builder.constant("filter", [1, 1, 1, 4], [10, 20, 30, 40])
    let bias = builder.constant("bias", [4], [1, 2, 3, 4])
    builder.outputs = [
      builder.depthwise(
        input, filter: filter, bias: bias, multiplier: 2, output: [1, 1, 2, 4], padding: .same)
    ]
    // Pixel [2, 3]: 2·10+1, 2·20+2, 3·30+3, 3·40+4; pixel [1, -1]: 10+1, 20+2, -30+3, -40+4.
    #expect(try builder.run([2, 3, 1, -1]) == [[21, 42, 93, 124, 11, 22, -27, -36]])
  }

  /// Input x of 1x2x2 and y = x times [2, -0.5] per channel: x = [1, -2], [3, -4]; y = [2, 1], [6, 2].
  private func twoBranches(_ builder: inout TFLiteBuilder) -> (x: Int, y: Int) {
    let x = builder.input([1, 1, 2, 2])
    let kernel = builder.constant("scale", [1, 1, 1, 2], [2, -0.5])
    return (x, builder.depthwise(x, filter: kernel, bias: nil, multiplier: 1, output: [1, 1, 2, 2]))
  }

  @Test("ADD, and ADD with fused RELU")
  func add() throws {
    for (activation, expected) in [
      (TFLiteBuilder.Fused.none, [Float]([3, -1, 9, -2])), (.relu, [3, 0, 9, 0]),
    ] {
      var builder = TFLiteBuilder()
      let (x, y) = twoBranches(&builder)
      builder.outputs = [builder.add(x, y, output: [1, 1, 2, 2], activation: activation)]
      #expect(try builder.run([1, -2, 3, -4]) == [expected], "\(activation)")
    }
  }

  @Test("CONCATENATION on the channel axis (3 and -1) and on the width axis (2)")
  func concatenation() throws {
    for (axis, shape, expected) in [
      (3, [1, 1, 2, 4], [Float]([1, -2, 2, 1, 3, -4, 6, 2])),
      (-1, [1, 1, 2, 4], [1, -2, 2, 1, 3, -4, 6, 2]),
      (2, [1, 1, 4, 2], [1, -2, 3, -4, 2, 1, 6, 2]),
    ] {
      var builder = TFLiteBuilder()
      let (x, y) = twoBranches(&builder)
      builder.outputs = [builder.concatenation([x, y], axis: axis, output: shape)]
      #expect(try builder.run([1, -2, 3, -4]) == [expected], "axis \(axis)")
    }
  }

  /// 4x4, one channel, the bottom half all negative.
  private static let poolInput: [Float] = [
    1, 5, 2, 0,
    3, -1, 7, 8,
    -4, -5, -7, -1,
    -6, -2, -8, -3,
  ]

  @Test("MAX_POOL_2D 2x2 stride 2 VALID, and 3x3 stride 2 SAME (the padding never wins)")
  func maxPool() throws {
    var valid = TFLiteBuilder()
    let input = valid.input([1, 4, 4, 1])
    valid.outputs = [
      valid.maxPool(input, filter: (2, 2), stride: (2, 2), padding: .valid, output: [1, 2, 2, 1])
    ]
    #expect(try valid.run(Self.poolInput) == [[5, 8, -2, -1]])
    // SAME: 4 → 2 with one padding row and column at the bottom and right; windows rows
    // {0, 1, 2} and {2, 3}, columns the same. A zero from the padding would win rows 2-3.
    var same = TFLiteBuilder()
    let source = same.input([1, 4, 4, 1])
    same.outputs = [
      same.maxPool(source, filter: (3, 3), stride: (2, 2), padding: .same, output: [1, 2, 2, 1])
    ]
    #expect(try same.run(Self.poolInput) == [[7, 8, -2, -1]])
  }

  @Test("RESHAPE keeps the values in order, and the next operator reads the new shape")
  func reshape() throws {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 2, 2, 2])
    let flat = builder.reshape(input, output: [1, 1, 4, 2])
    let scale = builder.constant("scale", [1, 1, 1, 2], [1, 10])
    builder.outputs = [
      builder.depthwise(flat, filter: scale, bias: nil, multiplier: 1, output: [1, 1, 4, 2])
    ]
    #expect(try builder.run(ramp(8)) == [[1, 20, 3, 40, 5, 60, 7, 80]])
    var plain = TFLiteBuilder()
    plain.outputs = [plain.reshape(plain.input([1, 2, 2, 2]), output: [1, 8])]
    let model = try plain.load()
    #expect(model.outputShapes == [[8]])
    #expect(try plain.run(ramp(8)) == [ramp(8)])
  }

  @Test("a graph with two outputs gives both, in the file's order, with their names")
  func twoOutputs() throws {
    var builder = TFLiteBuilder()
    let (x, y) = twoBranches(&builder)
    let flat = builder.reshape(x, output: [1, 4])
    builder.outputs = [flat, y]
    let model = try builder.load()
    #expect(model.outputShapes == [[4], [1, 2, 2]])
    #expect(model.outputNames == ["reshape", "depthwise"])
    #expect(try builder.run([1, -2, 3, -4]) == [[1, -2, 3, -4], [2, 1, 6, 2]])
  }

  @Test("float16 weights behind DEQUANTIZE arrive exactly (normal, negative, large and subnormal)")
  func float16Weights() throws {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 1, 1, 1])
    // 0x3800 = 0.5, 0xBD00 = -1.25, 0x6400 = 1024, 0x0001 = 2^-24 (the smallest subnormal).
    let filter = builder.float16Constant("filter", [4, 1, 1, 1], bits: [0x3800, 0xBD00, 0x6400, 0x0001])
    // 0x3400 = 0.25, 0x0000 = 0, 0xB800 = -0.5, 0x8000 = -0.
    let bias = builder.float16Constant("bias", [4], bits: [0x3400, 0x0000, 0xB800, 0x8000])
    builder.outputs = [builder.conv2D(input, filter: filter, bias: bias, output: [1, 1, 1, 4])]
    #expect(try builder.run([1]) == [[0.75, -1.25, 1023.5, 0x1p-24]])
    // Twice the input: 1, -2.5, 2048 - 0.5, 2^-23.
    #expect(try builder.run([2]) == [[1.25, -2.5, 2047.5, 0x1p-23]])
    #expect(try builder.load().summary.layers.map(\.className) == ["CONV_2D"])
  }

  @Test("PAD and RESIZE_BILINEAR through a file: zeros on every side and a 2x upsample")
  func padAndResizeInAFile() throws {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 1, 2, 1])
    // [1, 2] padded one row below, one column left and one channel after: 2x3x2.
    let padded = builder.pad(input, amounts: [(0, 0), (0, 1), (1, 0), (0, 1)], output: [1, 2, 3, 2])
    builder.outputs = [padded]
    #expect(try builder.run([1, 2]) == [[0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0]])
    // Resize [[0, 4], [8, 12]] to 4x4 (scale 0.5; rows and columns 0, 0.5, 1, 1.5 → clamped).
    var resize = TFLiteBuilder()
    let image = resize.input([1, 2, 2, 1])
    resize.outputs = [resize.resizeBilinear(image, size: (4, 4), output: [1, 4, 4, 1])]
    #expect(try resize.run([0, 4, 8, 12]) == [[0, 2, 4, 4, 4, 6, 8, 8, 8, 10, 12, 12, 8, 10, 12, 12]])
  }

  @Test("ADD of a convolution and its shortcut widened by PAD: the shortcut joins the epilogue")
  func widenedShortcut() throws {
    var builder = TFLiteBuilder()
    let input = builder.input([1, 2, 2, 1])
    // Channel 0 = v + 0.5, channel 1 = 2v - 1; the shortcut v widened with one zero channel.
    let filter = builder.constant("filter", [2, 1, 1, 1], [1, 2])
    let bias = builder.constant("bias", [2], [0.5, -1])
    let product = builder.conv2D(input, filter: filter, bias: bias, output: [1, 2, 2, 2])
    let widened = builder.pad(input, amounts: [(0, 0), (0, 0), (0, 0), (0, 1)], output: [1, 2, 2, 2])
    builder.outputs = [builder.add(widened, product, output: [1, 2, 2, 2], activation: .relu)]
    // ReLU(2v + 0.5) and ReLU(2v - 1) for v = 1, -2, 3, -4.
    #expect(try builder.run([1, -2, 3, -4]) == [[2.5, 1, 0, 0, 6.5, 5, 0, 0]])
    let plan = try builder.load().runner.plan
    #expect(plan.steps.map { plan.graph.nodes[$0.node].className } == ["Input", "CONV_2D"])
    #expect(plan.steps.last?.residualChannels == 1)
  }
}
