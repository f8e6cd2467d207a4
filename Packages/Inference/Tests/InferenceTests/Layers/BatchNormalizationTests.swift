import Testing

@testable import Inference
@testable import InferenceKeras

@Suite("BatchNormalization and its folding")
struct BatchNormalizationTests {
  /// gamma 2, beta 1, mean 3, variance 3.999 + epsilon 0.001 = 4: y = (x - 3) / 2 · 2 + 1 = x - 2.
  private let statistics: [String: ([Int], [Float])] = [
    "gamma": ([1], [2]), "beta": ([1], [1]), "moving_mean": ([1], [3]), "moving_variance": ([1], [3.999]),
  ]

  @Test("unfolded, on the input: y = gamma (x - mean) / sqrt(var + eps) + beta")
  func standalone() throws {
    var builder = ModelBuilder(input: [3, 1])
    builder.add("BatchNormalization", "bn", ["epsilon": 0.001, "axis": -1], weights: statistics)
    #expect(close(try builder.run([10, 3, -1]).values, [8, 1, -3]))
  }

  @Test("folded into a convolution: same numbers, one step fewer")
  func foldedIntoConvolution() throws {
    var builder = ModelBuilder(input: [2, 2, 1])
    builder.add(
      "Conv2D", "conv", ["filters": 1, "kernel_size": [1, 1], "use_bias": true],
      weights: ["kernel": ([1, 1, 1, 1], [3]), "bias": ([1], [2])])
    builder.add("BatchNormalization", "bn", ["epsilon": 0.001], weights: statistics)
    // conv: 3x + 2; then -2: 3x.
    #expect(close(try builder.run([1, 2, 3, 4]).values, [3, 6, 9, 12]))
    // Steps: copy the input, then the convolution (and the normalisation when unfolded).
    #expect(try builder.build().plan.steps.count == 2)
    #expect(try builder.build(optimize: false).plan.steps.count == 3)
  }

  /// A layer followed by BatchNormalization (4 channels, varied statistics) and relu, run
  /// folded and unfolded on the same input.
  private func compareFolding(
    _ className: String, _ config: [String: Any], _ weights: [String: ([Int], [Float])]
  ) throws -> (folded: KerasModel, unfolded: KerasModel, difference: Float) {
    var builder = ModelBuilder(input: [5, 5, 4])
    builder.add(className, "layer", config, weights: weights)
    builder.add(
      "BatchNormalization", "bn", ["epsilon": 0.01, "axis": [3]],
      weights: [
        "gamma": ([4], [0.5, -1.5, 2, 1]), "beta": ([4], [0.1, 0.2, -0.3, 0]),
        "moving_mean": ([4], [1, -2, 0.5, 0]), "moving_variance": ([4], [0.25, 2, 1, 9]),
      ])
    builder.add("Activation", "relu", ["activation": "relu"])
    let input = try Tensor(shape: [2, 5, 5, 4], values: (0..<200).map { Float(($0 * 37) % 23) / 7 - 1.5 })
    let folded = try builder.build()
    let unfolded = try builder.build(optimize: false)
    let difference = try folded.predict(input).maxAbsoluteDifference(to: unfolded.predict(input))
    return (folded, unfolded, difference)
  }

  private func weights(_ shape: [Int], seed: Int) -> ([Int], [Float]) {
    (shape, (0..<shape.reduce(1, *)).map { Float((($0 + seed) * 29) % 17) / 8 - 1 })
  }

  @Test("folding equals unfolded BatchNormalization after Conv2D")
  func convolutionFolding() throws {
    let result = try compareFolding(
      "Conv2D", ["filters": 4, "kernel_size": [3, 3], "padding": "same", "use_bias": false],
      ["kernel": weights([3, 3, 4, 4], seed: 1)])
    #expect(result.difference <= 1e-5)
    #expect(result.folded.plan.steps.count == 2)  // input copy, conv + BN + relu
    #expect(result.unfolded.plan.steps.count == 4)
  }

  @Test("folding equals unfolded BatchNormalization after DepthwiseConv2D")
  func depthwiseFolding() throws {
    let result = try compareFolding(
      "DepthwiseConv2D", ["kernel_size": [3, 3], "padding": "same"],
      ["depthwise_kernel": weights([3, 3, 4, 1], seed: 2), "bias": weights([4], seed: 3)])
    #expect(result.difference <= 1e-5)
    #expect(result.folded.plan.steps.count == 2)
  }

  @Test("folding into SeparableConv2D's pointwise weights equals unfolded")
  func separableFolding() throws {
    let result = try compareFolding(
      "SeparableConv2D", ["filters": 4, "kernel_size": [3, 3], "padding": "same", "use_bias": false],
      [
        "depthwise_kernel": weights([3, 3, 4, 1], seed: 4),
        "pointwise_kernel": weights([1, 1, 4, 4], seed: 5),
      ])
    #expect(result.difference <= 1e-5)
    #expect(result.folded.plan.steps.count == 2)
  }

  @Test("no folding when the convolution's output has another reader")
  func sharedOutputIsNotFolded() throws {
    var builder = ModelBuilder(input: [1, 1, 1])
    let conv = builder.add(
      "Conv2D", "conv", ["filters": 1, "kernel_size": [1, 1], "use_bias": false],
      weights: ["kernel": ([1, 1, 1, 1], [1])])
    let bn = builder.add("BatchNormalization", "bn", [:], weights: statistics)
    builder.add("Add", "add", inputs: [conv, bn])
    // conv = x = 10; bn = 8; add = 18. Folding would have turned the conv itself into x - 2.
    #expect(close(try builder.run([10]).values, [18]))
  }

  @Test("center and scale off: only the statistics")
  func withoutGammaAndBeta() throws {
    var builder = ModelBuilder(input: [2])
    builder.add(
      "BatchNormalization", "bn", ["center": false, "scale": false, "epsilon": 0],
      weights: ["moving_mean": ([2], [1, -1]), "moving_variance": ([2], [4, 0.25])])
    #expect(close(try builder.run([5, 1]).values, [2, 4]))
  }
}
