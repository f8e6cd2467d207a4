import Testing

@testable import Inference
@testable import InferenceKeras

@Suite("Model summary and plan of the fer model")
struct ModelSummaryTests {
  private func model() throws -> KerasModel {
    try KerasModel(contentsOf: TestFixtures.emotionModelURL(), labels: TestFixtures.emotionLabels)
  }

  @Test("shapes, labels and the Keras version")
  func shapes() throws {
    let model = try model()
    #expect(model.inputShape == [64, 64, 1])
    #expect(model.outputShape == [7])
    #expect(model.labels == TestFixtures.emotionLabels)
    #expect(model.kerasVersion == "2.0.5")
  }

  @Test("46 layers, 58,423 parameters, 20.3 MFLOP")
  func totals() throws {
    let summary = try model().summary
    #expect(summary.layers.count == 46)
    #expect(summary.parameters == 58_423)
    // 2 x multiply-adds per layer: pixels x (depthwise taps x channels + pointwise or full kernel).
    let perLayer = [
      2 * 3844 * 9 * 8, 2 * 3600 * 9 * 8 * 8,  // conv2d_1, conv2d_2
      2 * 3600 * (9 * 8 + 8 * 16), 2 * 3600 * (9 * 16 + 16 * 16), 2 * 900 * 8 * 16,  // block 1
      2 * 900 * (9 * 16 + 16 * 32), 2 * 900 * (9 * 32 + 32 * 32), 2 * 225 * 16 * 32,  // block 2
      2 * 225 * (9 * 32 + 32 * 64), 2 * 225 * (9 * 64 + 64 * 64), 2 * 64 * 32 * 64,  // block 3
      2 * 64 * (9 * 64 + 64 * 128), 2 * 64 * (9 * 128 + 128 * 128), 2 * 16 * 64 * 128,  // block 4
      2 * 16 * 9 * 128 * 7,  // conv2d_7
    ]
    #expect(summary.flops == perLayer.reduce(0, +))
    #expect(summary.flops == 20_326_784)
    let first = try #require(summary.layers.first { $0.name == "conv2d_1" })
    // 62 x 62 outputs x 3 x 3 x 1 inputs x 8 filters x 2.
    #expect(first.flops == 62 * 62 * 9 * 8 * 2)
    #expect(first.parameters == 72 && first.outputShape == [62, 62, 8] && first.inputs == ["input_1"])
    let last = try #require(summary.layers.first { $0.name == "conv2d_7" })
    #expect(last.parameters == 3 * 3 * 128 * 7 + 7)
    let separable = try #require(summary.layers.first { $0.name == "separable_conv2d_1" })
    // Depthwise 60x60x3x3x8 + pointwise 60x60x8x16 multiply-adds, x 2.
    #expect(separable.flops == 2 * 3600 * (72 + 128))
    let add = try #require(summary.layers.first { $0.name == "add_1" })
    #expect(add.inputs == ["max_pooling2d_1", "batch_normalization_3"])
  }

  @Test("the table lists every layer and the totals")
  func table() throws {
    let text = try model().summary.description
    let lines = text.split(separator: "\n")
    #expect(lines.count == 46 + 4)
    #expect(text.contains("conv2d_1 (Conv2D)"))
    #expect(text.contains("62x62x8"))
    #expect(lines.last == "46 layers, 58,423 parameters, 20.3 MFLOP per item, input [64, 64, 1], output [7]")
    #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
  }

  @Test("every BatchNormalization, Activation and Add is folded or fused: 21 computing steps")
  func plan() throws {
    let plan = try model().plan
    let operations = plan.steps.map { plan.graph.nodes[$0.node].operation }
    let leftovers = operations.filter {
      switch $0 {
      case .channelAffine, .activation, .add: return true
      default: return false
      }
    }
    #expect(leftovers.isEmpty)
    // Input copy, 7 Conv2D, 8 SeparableConv2D, 4 MaxPooling2D, 1 GAP (+ softmax); each Add is
    // the residual Conv2D adding its product to the pooled tensor.
    #expect(operations.count == 1 + 7 + 8 + 4 + 1)
    let residuals = plan.steps.filter { plan.graph.nodes[$0.node].inputs.count == 2 }
    #expect(residuals.count == 4)
    #expect(
      residuals.allSatisfy {
        if case .convolution = plan.graph.nodes[$0.node].operation { true } else { false }
      })
    // Each block's second separable layer adds no bias before its pooling: the residual
    // Conv2D adds it (max(x + b) = max(x) + b).
    let unbiased = plan.steps.filter {
      if case .separable(_, let pointwise) = plan.graph.nodes[$0.node].operation {
        pointwise.bias == nil
      } else {
        false
      }
    }
    #expect(unbiased.count == 4)
    let gap = try #require(plan.steps.last.map { plan.graph.nodes[$0.node] })
    #expect(gap.operation == .globalAveragePooling && gap.activation == .softmax)
    // Slots are reused: far fewer than one per layer.
    #expect(plan.slotCount <= 5)
  }

  @Test("labels ranked by probability")
  func rankedLabels() throws {
    let model = try model()
    let output = try Tensor(shape: [1, 7], values: [0.1, 0, 0.05, 0.6, 0.05, 0.2, 0])
    let ranked = try #require(model.rankedLabels(output))
    #expect(ranked[0].map(\.label).prefix(3) == ["happy", "surprise", "angry"])
  }
}
