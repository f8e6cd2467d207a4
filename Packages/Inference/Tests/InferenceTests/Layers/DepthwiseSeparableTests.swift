import Testing

@testable import Inference
@testable import InferenceKeras

@Suite("DepthwiseConv2D and SeparableConv2D")
struct DepthwiseSeparableTests {
  @Test("depthwise 3x3 'same': each channel has its own kernel")
  func depthwiseSame() throws {
    // Channel 0 = 1...9 with a box kernel; channel 1 = all ones with a top-left tap and bias 10.
    var input = [Float](repeating: 1, count: 18)
    for index in 0..<9 { input[index * 2] = Float(index + 1) }
    var kernel = [Float](repeating: 0, count: 18)  // (3, 3, 2, 1)
    for tap in 0..<9 { kernel[tap * 2] = 1 }
    kernel[1] = 1  // tap (0, 0) of channel 1: output(y, x) = input(y-1, x-1)
    var builder = ModelBuilder(input: [3, 3, 2])
    builder.add(
      "DepthwiseConv2D", "depthwise",
      [
        "kernel_size": [3, 3], "strides": [1, 1], "padding": "same", "depth_multiplier": 1, "use_bias": true,
      ],
      weights: ["depthwise_kernel": ([3, 3, 2, 1], kernel), "bias": ([2], [0, 10])])
    let output = try builder.run(input)
    let channel0 = stride(from: 0, to: 18, by: 2).map { output.values[$0] }
    let channel1 = stride(from: 1, to: 18, by: 2).map { output.values[$0] }
    #expect(channel0 == [12, 21, 16, 27, 45, 33, 24, 39, 28])
    #expect(channel1 == [10, 10, 10, 10, 11, 11, 10, 11, 11])
  }

  @Test("depth multiplier 2: output channel c·2 + m")
  func depthMultiplier() throws {
    var builder = ModelBuilder(input: [1, 1, 2])
    builder.add(
      "DepthwiseConv2D", "depthwise",
      ["kernel_size": [1, 1], "padding": "valid", "depth_multiplier": 2, "use_bias": false],
      weights: ["depthwise_kernel": ([1, 1, 2, 2], [1, 2, 3, 4])])
    #expect(try builder.run([3, 5]).values == [3, 6, 15, 20])
  }

  @Test("depthwise over many channels uses the vector loop and its remainder")
  func depthwiseWide() throws {
    // 11 channels (8 + 3), 1x1 kernel c + 1, input 2: output 2(c + 1).
    var builder = ModelBuilder(input: [1, 1, 11])
    builder.add(
      "DepthwiseConv2D", "depthwise", ["kernel_size": [1, 1], "use_bias": false],
      weights: ["depthwise_kernel": ([1, 1, 11, 1], ramp(11))])
    #expect(try builder.run([Float](repeating: 2, count: 11)).values == ramp(11).map { $0 * 2 })
  }

  @Test("separable: depthwise then pointwise, bias, relu")
  func separable() throws {
    // Depthwise 2x2 'valid' with taps (0,0) and (1,1): 1 + 4 = 5; pointwise [2, -1] -> [10, -5];
    // bias 1 -> [11, -4]; relu -> [11, 0].
    var builder = ModelBuilder(input: [2, 2, 1])
    builder.add(
      "SeparableConv2D", "separable",
      ["filters": 2, "kernel_size": [2, 2], "padding": "valid", "activation": "relu", "use_bias": true],
      weights: [
        "depthwise_kernel": ([2, 2, 1, 1], [1, 0, 0, 1]), "pointwise_kernel": ([1, 1, 1, 2], [2, -1]),
        "bias": ([2], [1, 1]),
      ])
    #expect(try builder.run([1, 2, 3, 4]).values == [11, 0])
  }

  @Test("separable 'same' with depth multiplier 2 at stride 2")
  func separableStrided() throws {
    // Input 3x3x1 = 1...9, depthwise 1x1 with multiplier 2 (x1 and x-1), stride 2 'same':
    // pixels v(0,0), v(0,2), v(2,0), v(2,2) = 1, 3, 7, 9; pointwise sums both copies with
    // weights [3, 1]: 3v - v = 2v.
    var builder = ModelBuilder(input: [3, 3, 1])
    builder.add(
      "SeparableConv2D", "separable",
      [
        "filters": 1, "kernel_size": [1, 1], "strides": [2, 2], "padding": "same", "depth_multiplier": 2,
        "use_bias": false,
      ],
      weights: ["depthwise_kernel": ([1, 1, 1, 2], [1, -1]), "pointwise_kernel": ([1, 1, 2, 1], [3, 1])])
    #expect(try builder.run(ramp(9)).values == [2, 6, 14, 18])
  }
}
