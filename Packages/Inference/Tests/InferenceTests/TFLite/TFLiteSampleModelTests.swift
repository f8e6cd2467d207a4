import Foundation
import Testing

@testable import Inference

/// The sample models (``TFLiteSampleModels``) load and run, and the committed copies in
/// `Fixtures/tflite/` (the `tflite` fuzz target's seeds) are what the builder writes. After a
/// change to the builder, rewrite them with `EMOTIONS_WRITE_TFLITE_SEEDS=1 swift test
/// --package-path Packages/Inference --filter TFLiteSampleModelTests`.
@Suite("TFLite sample models and the fuzz seeds")
struct TFLiteSampleModelTests {
  @Test(
    "each sample model loads, runs, and equals its committed seed file",
    arguments: TFLiteSampleModels.all.map(\.name))
  func sample(name: String) throws {
    let builder = try #require(TFLiteSampleModels.all.first { $0.name == name }?.builder)
    let model = try builder.load()
    let outputs = try model.predict(Tensor(shape: [2] + model.inputShape), threads: 1)
    #expect(outputs.map { Array($0.shape.dropFirst()) } == model.outputShapes)
    let url = TestFixtures.folder.appendingPathComponent("tflite").appendingPathComponent(name + ".tflite")
    if ProcessInfo.processInfo.environment["EMOTIONS_WRITE_TFLITE_SEEDS"] == "1" {
      try Data(builder.bytes()).write(to: url)
    }
    let committed = try Data(contentsOf: url)
    #expect([UInt8](committed) == builder.bytes(), "\(url.path) differs from the builder's model")
  }
}
