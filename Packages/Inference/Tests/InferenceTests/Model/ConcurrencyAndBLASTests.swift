import Foundation
import Testing

@testable import Inference

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

  @Test("OpenBLAS is named and single-threaded inside predict")
  func configuration() throws {
    _ = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    let blas = BLASConfiguration.current
    #expect(blas.configuration.hasPrefix("OpenBLAS"))
    #expect(blas.version?.isEmpty == false)
    #expect(blas.threads == 1)
    #expect(blas.processors >= 1)
    #expect(!blas.coreType.isEmpty)
    #expect(blas.description.contains("OpenBLAS"))
  }

  @Test("the kernels name their instruction set and measure a positive FMA peak")
  func kernelConfiguration() {
    #expect(["AVX-512", "AVX2+FMA", "portable"].contains(KernelConfiguration.instructionSet))
    #expect(KernelConfiguration.measurePeakGFLOPS(threads: 2, iterations: 1_000, repeats: 1) > 0)
  }

  @Test("the GEMM row alignment is measured, and aligned rows are batch-invariant")
  func rowAlignment() {
    let alignment = GEMM.rowAlignment
    #expect([1, 2, 4, 8, 12, 16, 24, 32, 48, 64, 96].contains(alignment))
    #expect(GEMM.alignedRows(1) == alignment)
    #expect(GEMM.alignedRows(alignment * 3) == alignment * 3)
  }
}
