import CInference
import Dispatch
import Foundation
import Processor
import System

extension KernelConfiguration {
  /// The GFLOPS of independent fused multiply-adds on the kernels' widest vectors, run on
  /// `threads` threads at once: no convolution can go faster on this machine.
  ///
  /// Each thread runs twelve independent FMA chains of `iterations` rounds (2 FLOPs per
  /// lane); the fastest of `repeats` timed runs counts. Call it while nothing else runs.
  ///
  /// - Parameters:
  ///   - threads: Threads running the loop together (one per core for the machine's peak).
  ///   - iterations: Rounds per thread; the default takes about 10 ms on a 4 GHz core.
  ///   - repeats: Runs timed; the fastest counts.
  /// - Returns: Billions of floating-point operations per second over all the threads.
  @_spi(Benchmarks)
  public static func measurePeakGFLOPS(
    threads: Int, iterations: Int = 2_000_000, repeats: Int = 3
  ) -> Double {
    let count = max(threads, 1)
    let rounds = max(iterations, 1)
    var best = 0.0
    for _ in 0..<(max(repeats, 1) + 1) {
      let flops = LockedValue(0.0)
      let start = DispatchTime.now().uptimeNanoseconds
      DispatchQueue.concurrentPerform(iterations: count) { _ in
        var sink: Float = 0
        let done = cinference_fma_peak(rounds, &sink)
        flops.withLock { $0 += done }
      }
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      best = max(best, flops.withLock { $0 } / seconds / 1e9)
    }
    return best
  }
}
