import Foundation
import Processor
import Testing

@testable import Inference
@testable import InferenceONNX

/// OpenCV Zoo's SFace (int8 weights in blocks, opset 21) as the runtime plans it. Its outputs
/// against ONNX Runtime's are FaceAnalysisTests' (FaceEmbedderTests), on aligned crops.
@Suite("SFace on the runtime")
struct SFaceModelTests {
  /// The model, loaded once for the suite's tests (it is 30 MB of floats).
  static let loaded = Result {
    try ONNXModel(contentsOf: TestFixtures.modelURL("face_recognition_sface_2021dec_int8bq.onnx"))
  }

  static func model() throws -> ONNXModel { try loaded.get() }

  @Test("cblas_sgemm carries every FLOP of the ordinary convolutions and the fully connected layer")
  func productsRunInGEMM() throws {
    let model = try Self.model()
    #expect(model.inputShape == [112, 112, 3])
    #expect(model.outputShapes == [[128]])
    let products = model.runner.plan.graph.nodes.compactMap { node -> Convolution? in
      if case .convolution(let convolution) = node.operation { return convolution }
      return nil
    }
    // 14 ordinary convolutions (the first 3x3 and 13 pointwise) and the Gemm.
    #expect(products.count == 15)
    let productFLOPs = products.reduce(0) { total, product in
      total + 2 * product.geometry.outputHeight * product.geometry.outputWidth * product.patchLength
        * product.outputChannels
    }
    let input = try Tensor(shape: [1, 112, 112, 3], repeating: 100)
    _ = try model.predict(input, threads: 1)
    let before = BLASConfiguration.threadSGEMMFLOPs
    _ = try model.predict(input, threads: 1)
    let counted = BLASConfiguration.threadSGEMMFLOPs - before
    print("SFace: \(counted / 1e6) MFLOP in cblas_sgemm of \(Double(productFLOPs) / 1e6) in its products")
    #expect(productFLOPs > 900_000_000)
    #expect(counted >= Double(productFLOPs))
    #expect(counted <= 1.05 * Double(productFLOPs))
  }

  @Test("every instruction level the CPU runs gives the same embedding within 1e-4")
  func levelsAgree() throws {
    let model = try Self.model()
    let input = try Tensor(
      shape: [1, 112, 112, 3], values: (0..<(112 * 112 * 3)).map { Float(($0 * 7919) % 256) })
    let outputs = try KernelConfiguration.runnable.map { level in
      try KernelConfiguration.withLevel(level) { try model.predict(input, threads: 2)[0] }
    }
    for (level, output) in zip(KernelConfiguration.runnable, outputs) {
      let difference = try output.maxAbsoluteDifference(to: outputs[0])
      #expect(difference <= 1e-4, "\(level): \(difference)")
    }
  }

  @Test("BatchNormalization folds into the products and PRelu runs in their epilogues")
  func normalisationsAndActivationsFold() throws {
    let nodes = try Self.model().runner.plan.graph.nodes
    let fileBatchNorms = nodes.filter { $0.className == "BatchNormalization" }
    let standing = fileBatchNorms.filter { if case .channelAffine = $0.operation { true } else { false } }
    // Only bn1, between the last PRelu and the Gemm, has no linear product right before it.
    #expect(fileBatchNorms.count == 29)
    #expect(standing.map(\.name) == ["bn1"])
    let prelu = nodes.filter { if case .prelu = $0.activation { true } else { false } }
    #expect(prelu.count == 27)
    #expect(prelu.allSatisfy { $0.operation != .activation })
  }
}
