import CInference
import Foundation
import Processor
import Testing

@_spi(Benchmarks) @testable import Inference
@_spi(Benchmarks) @testable import InferenceKeras

@Suite("Threads and BLAS configuration")
struct ConcurrencyAndBLASTests {
  @Test("one model predicts from several threads at once, with the same results")
  func concurrentPredictions() async throws {
    let model = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    let inputs = try TestFixtures.tensor("fer_inputs.f32", shape: [6, 64, 64, 1])
    // Six batches of 1 to 3 faces.
    var batches: [Tensor] = []
    for start in 0..<6 {
      var items: [Tensor] = []
      for offset in 0...(start % 3) { items.append(try inputs.item((start + offset) % 6)) }
      batches.append(try Tensor(stacking: items, itemShape: [64, 64, 1]))
    }
    let expected = try batches.map { try model.predict($0) }
    let results = try await withThrowingTaskGroup(of: (Int, Tensor).self) { group in
      for _ in 0..<4 {
        for (index, batch) in batches.enumerated() {
          group.addTask { (index, try model.predict(batch)) }
        }
      }
      var results: [(Int, Tensor)] = []
      for try await result in group { results.append(result) }
      return results
    }
    #expect(results.count == 24)
    for (index, output) in results {
      #expect(output == expected[index], "batch \(index)")
    }
  }

  @Test("OpenBLAS is named, single-threaded, and says who chose its kernels")
  func configuration() throws {
    _ = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    let blas = BLASConfiguration.current
    #expect(blas.configuration.hasPrefix("OpenBLAS"))
    #expect(blas.version?.isEmpty == false)
    #expect(blas.threads == 1)
    #expect(blas.processors >= 1)
    #expect(!blas.coreType.isEmpty)
    #expect(blas.description.contains("OpenBLAS"))
    #expect(blas.description.contains(blas.coreTypeOrigin.description))
    // Who chose the kernels follows from the environment and this CPU's features.
    let fromUser = ProcessInfo.processInfo.environment["OPENBLAS_CORETYPE"] != nil
    let choice = OpenBLASCoreType.choice(for: .current)
    switch blas.coreTypeOrigin {
    case .environment: #expect(fromUser)
    case .chosen(let features):
      #expect(!fromUser)
      #expect(features == choice?.features)
      #expect(blas.coreType.lowercased() == choice?.name.lowercased())
    case .detected: #expect(!fromUser && blas.coreType.lowercased() != choice?.name.lowercased())
    }
  }

  @Test(
    "the OpenBLAS core type follows the CPU's features",
    arguments: [
      (
        [.sse3, .ssse3, .sse4_2, .avx, .avx2, .fma, .avx512f, .avx512bw, .avx512dq, .avx512vl, .avx512bf16],
        "Cooperlake"
      ),
      ([.sse3, .ssse3, .sse4_2, .avx, .avx2, .fma, .avx512f, .avx512bw, .avx512dq, .avx512vl], "SkylakeX"),
      // Knights Landing: AVX-512 F without BW, DQ and VL, which SkylakeX's kernels use.
      ([.sse3, .ssse3, .sse4_2, .avx, .avx2, .fma, .avx512f], "Haswell"),
      ([.sse3, .ssse3, .sse4_2, .avx, .avx2, .fma], "Haswell"),
      // AVX2 without FMA (no such CPU sold, but a hypervisor can hide FMA).
      ([.sse3, .ssse3, .sse4_2, .avx, .avx2], "Sandybridge"),
      ([.sse3, .ssse3, .sse4_2, .avx], "Sandybridge"),
      ([.sse3, .ssse3, .sse4_2], "Nehalem"),
      ([.sse3], "Prescott"),
      ([], nil),
    ] as [(CPUFeatures, String?)])
  func coreTypeChoice(features: CPUFeatures, expected: String?) {
    #expect(OpenBLASCoreType.choice(for: features)?.name == expected)
  }

  @Test("the kernels measure a positive FMA peak")
  func kernelConfiguration() {
    #expect(KernelConfiguration.measurePeakGFLOPS(threads: 2, iterations: 1_000, repeats: 1) > 0)
  }
}
