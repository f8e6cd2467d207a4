import Foundation
import Processor
import Testing

@testable import Inference
@testable import InferenceKeras

/// The runtime against Keras itself, on outputs written by Tools/reference/keras_reference.py.
@Suite("Keras reference outputs")
struct KerasReferenceTests {
  private static let tolerance: Float = 1e-5

  /// The fer fixtures: the inputs, Keras's probabilities and the input names.
  private func ferReference() throws -> (inputs: Tensor, outputs: Tensor, names: [String], top: [String]) {
    let reference = try TestFixtures.json("fer_reference.json")
    let inputShape = try #require(reference["input_shape"] as? [Int])
    let outputShape = try #require(reference["output_shape"] as? [Int])
    let names = try #require(reference["inputs"] as? [String])
    let top = try #require(reference["top_classes"] as? [String])
    return (
      try TestFixtures.tensor("fer_inputs.f32", shape: inputShape),
      try TestFixtures.tensor("fer_outputs.f32", shape: outputShape), names, top
    )
  }

  /// Threads for a prediction at `level`: one when it is not the process's, as the override
  /// holds on the calling thread only.
  private func threads(at level: InstructionSet) -> Int {
    level == KernelConfiguration.level ? ModelThreads.default : 1
  }

  @Test(
    "the fer model matches Keras within 1e-5 on zeros, a gradient, noise and face crops, at every level",
    arguments: KernelConfiguration.runnable)
  func ferModelMatchesKeras(level: InstructionSet) throws {
    let model = try KerasModel(contentsOf: TestFixtures.emotionModelURL(), labels: TestFixtures.emotionLabels)
    let reference = try ferReference()
    #expect(reference.names.starts(with: ["zeros", "gradient", "noise"]))
    #expect(reference.names.contains { $0.hasPrefix("face_") })
    let output = try KernelConfiguration.withLevel(level) {
      try model.predict(reference.inputs, threads: threads(at: level))
    }
    #expect(output.shape == reference.outputs.shape)
    for (index, name) in reference.names.enumerated() {
      let difference = try output.item(index).maxAbsoluteDifference(to: reference.outputs.item(index))
      #expect(difference <= Self.tolerance, "\(level), \(name): max abs difference \(difference)")
    }
    #expect(output.argmaxPerItem == reference.outputs.argmaxPerItem)
    #expect(output.argmaxPerItem.map { TestFixtures.emotionLabels[$0] } == reference.top)
    print(
      "fer model vs Keras (\(level)): max abs difference \(try output.maxAbsoluteDifference(to: reference.outputs))"
    )
  }

  @Test("every level the CPU runs gives the fer model's probabilities within 1e-6 of the generic code's")
  func levelsAgree() throws {
    let model = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    let inputs = try ferReference().inputs
    let generic = try KernelConfiguration.withLevel(.generic) { try model.predict(inputs, threads: 1) }
    for level in KernelConfiguration.runnable.dropFirst() {
      let output = try KernelConfiguration.withLevel(level) { try model.predict(inputs, threads: 1) }
      let difference = try output.maxAbsoluteDifference(to: generic)
      #expect(difference <= 1e-6, "\(level) against generic: max abs difference \(difference)")
    }
  }

  @Test("the face crops in the fixtures are the inputs Keras saw")
  func faceCropsMatchInputs() throws {
    let reference = try ferReference()
    for (index, name) in reference.names.enumerated() where name.hasPrefix("face_") {
      let data = try Data(contentsOf: TestFixtures.url(name + ".pgm"))
      let pixels = data.suffix(64 * 64)
      #expect(data.starts(with: Array("P5\n64 64\n255\n".utf8)))
      // fer's scaling, (x / 255 - 0.5) * 2, in float32 as numpy does it.
      let scaled = pixels.map { (Float($0) / 255 - 0.5) * 2 }
      #expect(try reference.inputs.item(index).values == scaled, "\(name)")
    }
  }

  @Test("batch 8 gives the outputs of 8 batches of 1, within the batch bound")
  func batchOfEightEqualsSingles() throws {
    let model = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    let inputs = try ferReference().inputs
    let items = try (0..<8).map { index throws(TensorError) in try inputs.item(index % inputs.batchCount) }
    let batch = try model.predict(Tensor(stacking: items, itemShape: [64, 64, 1]))
    for (index, item) in items.enumerated() {
      let single = try model.predict(Tensor(stacking: [item], itemShape: [64, 64, 1]))
      let difference = try batch.item(index).maxAbsoluteDifference(to: single.item(0))
      #expect(difference <= ThreadedPredictionTests.batchBound, "item \(index)")
    }
  }

  @Test(
    "small Keras models cover the other layers and options",
    arguments: KernelConfiguration.runnable, ["zoo", "sequential"])
  func smallModelMatchesKeras(level: InstructionSet, name: String) throws {
    let shapes = try #require(TestFixtures.json("small_models.json")[name] as? [String: [Int]])
    let inputShape = try #require(shapes["input_shape"])
    let outputShape = try #require(shapes["output_shape"])
    let model = try KerasModel(contentsOf: TestFixtures.url(name + ".h5"))
    #expect(model.inputShape == Array(inputShape.dropFirst()))
    let input = try TestFixtures.tensor(name + "_input.f32", shape: inputShape)
    let expected = try TestFixtures.tensor(name + "_output.f32", shape: outputShape)
    let output = try KernelConfiguration.withLevel(level) {
      try model.predict(input, threads: threads(at: level))
    }
    let difference = try output.maxAbsoluteDifference(to: expected)
    #expect(difference <= Self.tolerance, "\(level), \(name): max abs difference \(difference)")
    #expect(output.argmaxPerItem == expected.argmaxPerItem)
  }

  @Test("the zoo model exercises folding, fusion and every layer class of the runtime")
  func zooCoversLayers() throws {
    let model = try KerasModel(contentsOf: TestFixtures.url("zoo.h5"))
    let classes = Set(model.summary.layers.map(\.className))
    let wanted: Set<String> = [
      "InputLayer", "Conv2D", "DepthwiseConv2D", "SeparableConv2D", "BatchNormalization", "Activation",
      "ReLU", "MaxPooling2D", "AveragePooling2D", "GlobalAveragePooling2D", "Add", "Concatenate", "Dense",
      "Flatten", "Dropout",
    ]
    #expect(wanted.isSubset(of: classes))
    // BatchNormalization after the input cannot fold; the four after a layer with weights do.
    let affine = model.plan.steps.filter {
      if case .channelAffine = model.plan.graph.nodes[$0.node].operation { return true }
      return false
    }
    #expect(affine.count == 1)
  }
}
