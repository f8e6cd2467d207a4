import Foundation
@_spi(Benchmarks) import Inference
@_spi(Benchmarks) import InferenceKeras

/// The emotion CNN alone: latency and faces per second at several batch sizes, GFLOPS and
/// their share of a large sgemm's peak, and the time of each step of the plan.
struct CNNBenchmark {
  let model: KerasModel
  let faces: [Float]
  let repeats: Int

  /// One batch size's result.
  struct Row {
    var batch: Int
    var latency: Sample
    var facesPerSecond: Double
    var gflops: Double
  }

  /// The batch of the first `batch` faces.
  func tensor(batch: Int) throws -> Tensor {
    try Tensor(shape: [batch, 64, 64, 1], values: Array(faces[0..<(batch * 64 * 64)]))
  }

  /// Latency of one `predict` call per batch size, after warm-up.
  func run(batches: [Int]) throws -> [Row] {
    let flops = Double(model.summary.flops)
    return try batches.map { batch in
      let input = try tensor(batch: batch)
      let runs = max(5, repeats * 8 / batch)
      let sample = Sample.measure(warmUp: max(3, runs / 10), repeats: runs) {
        _ = try? model.predict(input)
      }
      let faces = Double(batch) / sample.median
      return Row(batch: batch, latency: sample, facesPerSecond: faces, gflops: faces * flops / 1e9)
    }
  }

  /// The median time of each plan step at `batch`, over `repeats` profiled runs.
  func layers(batch: Int) throws -> [(timing: StepTiming, median: Double)] {
    let input = try tensor(batch: batch)
    for _ in 0..<5 { _ = try model.predict(input) }
    var runs: [[StepTiming]] = []
    for _ in 0..<max(repeats, 5) { runs.append(try model.profiler.profile(input)) }
    guard let first = runs.first else { return [] }
    return first.indices.map { index in
      (first[index], Sample(seconds: runs.map { $0[index].seconds }).median)
    }
  }
}
