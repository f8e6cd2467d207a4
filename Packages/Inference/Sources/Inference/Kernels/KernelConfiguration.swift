import Dispatch
import Foundation
import InferenceCKernels

/// The vector instructions the C kernels (depthwise convolution, pooling, im2col, the
/// epilogue) run with on this CPU, and the peak rate of fused multiply-adds on those vectors:
/// the real ceiling of the CNN's arithmetic (a large sgemm's rate is only that of the BLAS
/// library's kernels, which may not use the widest units).
public enum KernelConfiguration {
  /// The instruction set the kernels picked at run time: `"AVX-512"`, `"AVX2+FMA"` or
  /// `"portable"`.
  public static var instructionSet: String {
    switch inference_instruction_level() {
    case 2: return "AVX-512"
    case 1: return "AVX2+FMA"
    default: return "portable"
    }
  }

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
  public static func measurePeakGFLOPS(
    threads: Int, iterations: Int = 2_000_000, repeats: Int = 3
  ) -> Double {
    let count = max(threads, 1)
    let rounds = max(iterations, 1)
    var best = 0.0
    for _ in 0..<(max(repeats, 1) + 1) {
      let lock = NSLock()
      nonisolated(unsafe) var flops = 0.0
      let start = DispatchTime.now().uptimeNanoseconds
      DispatchQueue.concurrentPerform(iterations: count) { _ in
        var sink: Float = 0
        let done = inference_fma_peak(rounds, &sink)
        lock.withLock { flops += done }
      }
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      best = max(best, lock.withLock { flops } / seconds / 1e9)
    }
    return best
  }
}
