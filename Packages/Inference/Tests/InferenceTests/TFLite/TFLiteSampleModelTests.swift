import Foundation
import Testing

@testable import Inference
@testable import InferenceTFLite

/// The sample models (``TFLiteSampleModels``) give what Google's LiteRT interpreter gives on
/// the same file (`<name>.litert.f32`, written by Tools/reference/tflite_samples_reference.py),
/// and the committed copies in `Fixtures/tflite/` (the `tflite` fuzz target's seeds) are what
/// the builder writes. After a change to the builder, rewrite them with
/// `EMOTIONS_WRITE_TFLITE_SEEDS=1 swift test --package-path Packages/Inference --filter
/// TFLiteSampleModelTests`, then rerun the reference script.
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
    // LiteRT's reference kernels on item i = ((i * 37) % 11) / 4 - 1.25.
    let count = model.inputShape.reduce(1, *)
    let input = (0..<count).map { Float(($0 * 37) % 11) / 4 - 1.25 }
    let swift = try model.predict(Tensor(shape: [1] + model.inputShape, values: input)).flatMap(\.values)
    let litert = try TestFixtures.tensor("tflite/\(name).litert.f32", shape: [swift.count]).values
    let worst = zip(swift, litert).map { abs($0 - $1) }.max() ?? 0
    #expect(worst <= 1e-5 * max(1, litert.map(abs).max() ?? 1), "\(name): \(worst) from LiteRT")
  }
}
