import Foundation
import Testing

@testable import Inference
@testable import InferenceKeras

@Suite("MaxPooling2D, AveragePooling2D, GlobalAveragePooling2D")
struct PoolingTests {
  private func pool(
    _ className: String, input: [Int], size: Int, strides: Int, padding: String
  ) -> ModelBuilder {
    var builder = ModelBuilder(input: input)
    builder.add(
      className, "pool", ["pool_size": [size, size], "strides": [strides, strides], "padding": padding])
    return builder
  }

  @Test("max 2x2 'same' on 3x3: the padding row and column are at the bottom/right")
  func maxSameOdd() throws {
    // Windows: rows 0-1 x cols 0-1, rows 0-1 x col 2, row 2 x cols 0-1, row 2 x col 2.
    let output = try pool("MaxPooling2D", input: [3, 3, 1], size: 2, strides: 2, padding: "same").run(ramp(9))
    #expect(output.shape == [1, 2, 2, 1])
    #expect(output.values == [5, 6, 8, 9])
  }

  @Test("average 2x2 'same' on 3x3 divides by the real pixels only")
  func averageSameOdd() throws {
    let output = try pool("AveragePooling2D", input: [3, 3, 1], size: 2, strides: 2, padding: "same")
      .run(ramp(9))
    // (1+2+4+5)/4, (3+6)/2, (7+8)/2, 9/1.
    #expect(output.values == [3, 4.5, 7.5, 9])
  }

  @Test("3x3 stride 2 'same' on 5x5: one padding row on each side")
  func threeByThreeSameOdd() throws {
    let maximum = try pool("MaxPooling2D", input: [5, 5, 1], size: 3, strides: 2, padding: "same").run(
      ramp(25))
    let average = try pool("AveragePooling2D", input: [5, 5, 1], size: 3, strides: 2, padding: "same")
      .run(ramp(25))
    #expect(maximum.values == [7, 9, 10, 17, 19, 20, 22, 24, 25])
    // Rows {0,1}, {1,2,3}, {3,4} by the same columns; mean = 5·mean(row) + mean(column) + 1.
    // Corner (0,0): (1+2+6+7)/4 = 4; (0,1): (2+3+4+7+8+9)/6 = 5.5; centre: 117/9 = 13.
    #expect(average.values == [4, 5.5, 7, 11.5, 13, 14.5, 19, 20.5, 22])
  }

  @Test("'valid' pooling with the default stride (the pool size) drops the odd edge")
  func validDefaultStride() throws {
    var builder = ModelBuilder(input: [5, 4, 1])
    builder.add("MaxPooling2D", "pool", ["pool_size": [2, 2], "strides": NSNull(), "padding": "valid"])
    let output = try builder.run(ramp(20))
    #expect(output.shape == [1, 2, 2, 1])
    #expect(output.values == [6, 8, 14, 16])
  }

  @Test("pooling keeps channels apart")
  func channels() throws {
    // 2x2x2: channel 0 = 1, 3, 5, 7; channel 1 = 8, 6, 4, 2.
    let maximum = try pool("MaxPooling2D", input: [2, 2, 2], size: 2, strides: 2, padding: "valid")
      .run([1, 8, 3, 6, 5, 4, 7, 2])
    #expect(maximum.values == [7, 8])
  }

  @Test("global average pooling: the mean of each channel")
  func globalAverage() throws {
    var builder = ModelBuilder(input: [2, 2, 2])
    builder.add("GlobalAveragePooling2D", "gap")
    let output = try builder.run(ramp(8))
    #expect(output.shape == [1, 2])
    #expect(output.values == [4, 5])
  }

  @Test("global average pooling with keepdims")
  func globalAverageKeepDimensions() throws {
    var builder = ModelBuilder(input: [1, 3, 1])
    builder.add("GlobalAveragePooling2D", "gap", ["keepdims": true])
    let output = try builder.run([1, 2, 6])
    #expect(output.shape == [1, 1, 1, 1])
    #expect(output.values == [3])
  }

  /// An Xception block of the emotion CNN's kind on 6x6x4: a separable convolution with a bias,
  /// pooled (`pooling`, 3x3 at stride 2) and added to a 1x1 stride-2 shortcut with a bias.
  private func residualBlock(pooling: String) -> ModelBuilder {
    // Weights in [-1, 1), none of them round.
    func weights(_ count: Int, seed: Int) -> [Float] {
      (0..<count).map { Float(($0 * 7 + seed) % 16) / 8 - 1 }
    }
    var builder = ModelBuilder(input: [6, 6, 4])
    builder.add(
      "SeparableConv2D", "separable",
      ["filters": 4, "kernel_size": [3, 3], "padding": "same", "use_bias": true],
      weights: [
        "depthwise_kernel": ([3, 3, 4, 1], weights(36, seed: 1)),
        "pointwise_kernel": ([1, 1, 4, 4], weights(16, seed: 2)), "bias": ([4], [0.5, -1.25, 2, -0.75]),
      ])
    let pooled = builder.add(pooling, "pool", ["pool_size": [3, 3], "strides": [2, 2], "padding": "same"])
    let shortcut = builder.add(
      "Conv2D", "shortcut",
      ["filters": 4, "kernel_size": [1, 1], "strides": [2, 2], "padding": "same", "use_bias": true],
      inputs: ["input"],
      weights: ["kernel": ([1, 1, 4, 4], weights(16, seed: 3)), "bias": ([4], [0.25, 0, -0.5, 1])])
    builder.add("Add", "add", inputs: [pooled, shortcut])
    return builder
  }

  /// The block run as planned and unoptimized on the same two items; the plan's graph.
  private func runBoth(_ builder: ModelBuilder) throws -> (difference: Float, nodes: [GraphNode]) {
    let input = try Tensor(shape: [2, 6, 6, 4], values: (0..<288).map { Float(($0 * 37) % 29) / 7 - 2 })
    let planned = try builder.build()
    let difference = try planned.predict(input).maxAbsoluteDifference(
      to: builder.build(optimize: false).predict(input))
    return (difference, planned.plan.graph.nodes)
  }

  /// The biases of the separable step's product and of the convolution that adds a tensor.
  private func biases(_ nodes: [GraphNode]) -> (separable: [[Float]?], adding: [[Float]?]) {
    let separable = nodes.compactMap { node -> [Float]?? in
      if case .separable(_, let pointwise) = node.operation { pointwise.bias } else { nil }
    }
    let adding = nodes.compactMap { node -> [Float]?? in
      if case .convolution(let convolution) = node.operation, node.inputs.count == 2 {
        convolution.bias
      } else {
        nil
      }
    }
    return (separable, adding)
  }

  @Test("the bias of a product before max pooling moves to the shortcut that adds the pooled tensor")
  func biasMovesPastMaxPooling() throws {
    let (difference, nodes) = try runBoth(residualBlock(pooling: "MaxPooling2D"))
    #expect(difference <= 1e-5)
    // max(x + b) = max(x) + b: the separable step adds nothing, the shortcut both biases.
    let (separable, adding) = biases(nodes)
    #expect(separable.count == 1 && separable.first == .some(nil))
    #expect(adding == [[0.75, -1.25, 1.5, 0.25]])
  }

  @Test("the bias of a product before average pooling stays where it is")
  func biasStaysBeforeAveragePooling() throws {
    let (difference, nodes) = try runBoth(residualBlock(pooling: "AveragePooling2D"))
    #expect(difference <= 1e-5)
    let (separable, adding) = biases(nodes)
    #expect(separable == [[0.5, -1.25, 2, -0.75]])
    #expect(adding == [[0.25, 0, -0.5, 1]])
  }
}
