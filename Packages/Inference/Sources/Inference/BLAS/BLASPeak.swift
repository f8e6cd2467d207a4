import CInferenceBLAS
import Dispatch

extension BLASConfiguration {
  /// The GFLOPS of a large square `cblas_sgemm` on this machine: the ceiling the CNN's
  /// products are measured against.
  ///
  /// Multiplies two `size × size` matrices `repeats` times with OpenBLAS using `threads`
  /// threads and returns the best rate (2·size³ FLOPs per product). The thread setting is
  /// restored afterwards. Call it while no prediction runs (see ``setThreadCount(_:)``).
  ///
  /// - Parameters:
  ///   - size: The matrix side; 1024 or more measures the steady-state kernel.
  ///   - threads: OpenBLAS threads for the measurement.
  ///   - repeats: Products timed; the fastest one counts.
  /// - Returns: Billions of floating-point operations per second (0 when OpenBLAS cannot be
  ///   loaded).
  @_spi(Benchmarks)
  public static func measurePeakGFLOPS(size: Int = 1536, threads: Int, repeats: Int = 5) -> Double {
    guard OpenBLAS.isLoaded else { return 0 }
    let previous = Int(cinference_blas_thread_count())
    cinference_blas_set_thread_count(Int32(max(threads, 1)))
    defer { cinference_blas_set_thread_count(Int32(previous)) }
    let side = max(size, 1)
    let count = side * side
    let a = UnsafeMutablePointer<Float>.allocate(capacity: count)
    let b = UnsafeMutablePointer<Float>.allocate(capacity: count)
    let c = UnsafeMutablePointer<Float>.allocate(capacity: count)
    defer {
      a.deallocate()
      b.deallocate()
      c.deallocate()
    }
    for index in 0..<count {
      a[index] = Float(index % 97) / 97 - 0.5
      b[index] = Float(index % 89) / 89 - 0.5
    }
    c.initialize(repeating: 0, count: count)
    var best = Double.infinity
    for _ in 0..<(max(repeats, 1) + 1) {
      let start = DispatchTime.now().uptimeNanoseconds
      GEMM.multiply(m: side, n: side, k: side, a: a, lda: side, b: b, c: c)
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      best = min(best, seconds)
    }
    return 2 * Double(side) * Double(side) * Double(side) / best / 1e9
  }
}
