import Testing

@_spi(Benchmarks) @testable import Inference
@_spi(Benchmarks) @testable import InferenceKeras

@Suite("Threaded predictions and profiling")
struct ThreadedPredictionTests {
  @Test("the thread count never changes a bit, and an item alone agrees with it in any batch")
  func threadsAndBatches() throws {
    let model = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    let inputs = try TestFixtures.tensor("fer_inputs.f32", shape: [6, 64, 64, 1])
    var items: [Tensor] = []
    for index in 0..<11 { items.append(try inputs.item(index % 6)) }
    let batch = try Tensor(stacking: items, itemShape: [64, 64, 1])
    let one = try model.predict(batch, threads: 1)
    #expect(try model.predict(batch, threads: 2) == one)
    #expect(try model.predict(batch, threads: 3) == one)
    for index in 0..<11 {
      let item = try inputs.item(index % 6).reshaped([1, 64, 64, 1])
      let alone = try model.predict(item, threads: 1)
      // One item on two threads: its layers' chunks are shared with the helper thread.
      #expect(try model.predict(item, threads: 2) == alone, "item \(index) on two threads")
      let inBatch = try one.item(index).reshaped([1, 7])
      #expect(try alone.maxAbsoluteDifference(to: inBatch) <= Self.batchBound, "item \(index)")
    }
  }

  /// How far an item's probabilities may move with the batch around it: OpenBLAS rounds a row
  /// of a product the same wherever it falls only with some kernels (SkylakeX, Cooperlake),
  /// not with others (Haswell: up to 2 ulp of a logit). Measured with every core type this CPU
  /// runs (Tools/Benchmarks/README.md).
  static let batchBound: Float = 1e-6

  @Test("cblas_sgemm runs every FLOP of the model's convolutions but the depthwise ones")
  func sgemmCarriesTheConvolutions() throws {
    let model = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    // Conv2D layers entire; of a SeparableConv2D its pointwise half, 2 x pixels x cin x cout.
    let layers = Dictionary(uniqueKeysWithValues: model.summary.layers.map { ($0.name, $0) })
    var expected = 0
    for layer in model.summary.layers {
      switch layer.className {
      case "Conv2D", "Dense":
        expected += layer.flops
      case "SeparableConv2D":
        let inputChannels = try #require(layer.inputs.first.flatMap { layers[$0]?.outputShape.last })
        expected +=
          2 * layer.outputShape.dropLast().reduce(1, *) * inputChannels * (layer.outputShape.last ?? 0)
      default:
        continue
      }
    }
    let batch = try TestFixtures.tensor("fer_inputs.f32", shape: [6, 64, 64, 1])
    // On one thread every product is made on this one, so its own count is exact.
    let before = BLASConfiguration.threadSGEMMFLOPs
    _ = try model.predict(batch, threads: 1)
    let done = BLASConfiguration.threadSGEMMFLOPs - before
    #expect(done >= Double(6 * expected))
    // The channel-plane convolutions multiply a few dropped border columns too.
    #expect(done <= 1.1 * Double(6 * expected))
  }

  @Test("profile times every plan step and leaves predictions unchanged")
  func profile() throws {
    let model = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    let batch = try TestFixtures.tensor("fer_inputs.f32", shape: [6, 64, 64, 1])
    let before = try model.predict(batch)
    let steps = try model.profiler.profile(batch)
    #expect(steps.count == model.plan.steps.count)
    #expect(steps.allSatisfy { $0.seconds >= 0 && !$0.name.isEmpty })
    #expect(steps.contains { $0.sgemmFLOPs > 0 })
    #expect(try model.predict(batch) == before)
    // Each thread counts its own products when the threads take whole groups (three of two
    // faces here), so the steps' FLOPs are those of one thread, whatever else runs.
    let alone = try model.profiler.profile(batch, threads: 1).map(\.sgemmFLOPs)
    #expect(try model.profiler.profile(batch, threads: 2).map(\.sgemmFLOPs) == alone)
    #expect(BLASConfiguration.measurePeakGFLOPS(size: 64, threads: 1, repeats: 1) > 0)
  }

  @Test("the products alone: one per convolution and pointwise half, with the layers' dimensions")
  func gemmFloors() throws {
    let model = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    let floors = try model.profiler.gemmFloors(batch: 2, repeats: 1)
    // Seven Conv2D and eight SeparableConv2D layers; M counts both faces' output pixels.
    #expect(floors.count == 15)
    var dimensions: [String: [Int]] = [:]
    for floor in floors { dimensions[floor.name] = [floor.m, floor.n, floor.k] }
    let expected: [String: [Int]] = [
      "conv2d_2": [7_200, 8, 72], "separable_conv2d_1": [7_200, 16, 8], "conv2d_7": [32, 7, 1_152],
    ]
    for (name, value) in expected { #expect(dimensions[name] == value, "\(name)") }
    #expect(floors.allSatisfy { $0.seconds > 0 && (1...$0.m).contains($0.chunks) })
  }
}
