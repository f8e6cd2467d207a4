import CInference
import Dispatch
import Foundation

/// An instruction set the C kernels are compiled for, from the narrowest.
public enum InstructionSet: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
  /// Plain C for the baseline target (SSE2 vectors on x86-64).
  case generic = 0
  /// AVX2 with FMA: eight floats a vector.
  case avx2 = 1
  /// AVX-512 (F, BW, DQ, VL) with FMA: sixteen floats a vector.
  case avx512 = 2

  /// Its name for `EMOTIONS_CPU`: `generic`, `avx2` or `avx512`.
  public var environmentValue: String {
    switch self {
    case .generic: return "generic"
    case .avx2: return "avx2"
    case .avx512: return "avx512"
    }
  }

  /// `AVX-512`, `AVX2+FMA` or `generic`.
  public var description: String {
    switch self {
    case .generic: return "generic"
    case .avx2: return "AVX2+FMA"
    case .avx512: return "AVX-512"
    }
  }

  /// Whether `lhs` is the narrower instruction set.
  public static func < (lhs: InstructionSet, rhs: InstructionSet) -> Bool { lhs.rawValue < rhs.rawValue }

  init(level: Int32) { self = InstructionSet(rawValue: Int(level)) ?? .generic }
}

/// The vector instructions the C kernels (depthwise convolution, pooling, im2col, the
/// epilogue) run with, and the peak rate of fused multiply-adds on those vectors: the real
/// ceiling of the CNN's arithmetic (a large sgemm's rate is only that of the BLAS library's
/// kernels, which may not use the widest units).
///
/// The kernels run with the best instruction set the CPU has, or a narrower one that the
/// environment variable `EMOTIONS_CPU` (`generic`, `avx2` or `avx512`) asks for; a wider one
/// than the CPU has is capped to the CPU's, and any other value is ignored
/// (``environmentProblem`` says so, and the `emotions` command refuses it).
public enum KernelConfiguration {
  /// The instruction set the kernels run with.
  public static var level: InstructionSet { InstructionSet(level: cinference_instruction_level()) }

  /// The best instruction set this CPU has.
  public static var available: InstructionSet { InstructionSet(level: cinference_cpu_instruction_level()) }

  /// The instruction set the kernels picked at run time: `"AVX-512"`, `"AVX2+FMA"` or
  /// `"generic"`.
  public static var instructionSet: String { level.description }

  /// What `EMOTIONS_CPU` holds when it names no instruction set, as one line, or nil.
  public static var environmentProblem: String? {
    guard cinference_requested_instruction_level() == Int32(CINFERENCE_LEVEL_UNKNOWN) else { return nil }
    return problem(value: ProcessInfo.processInfo.environment["EMOTIONS_CPU"] ?? "", available: available)
  }

  static func problem(value: String, available: InstructionSet) -> String {
    "EMOTIONS_CPU=\(value) names no instruction set: use generic, avx2 or avx512, "
      + "or unset it for the best this CPU has (\(available.environmentValue))"
  }

  /// The instruction set in use and why, for `--version` and an About screen: for example
  /// `AVX2+FMA (EMOTIONS_CPU=avx2; the CPU has AVX-512)`.
  public static var summary: String {
    summary(
      value: ProcessInfo.processInfo.environment["EMOTIONS_CPU"], available: available,
      level: InstructionSet(level: cinference_instruction_level()))
  }

  /// The summary for an `EMOTIONS_CPU` of `value` (nil when unset) on a CPU whose best is
  /// `available`, with the kernels at `level`.
  static func summary(value: String?, available: InstructionSet, level: InstructionSet) -> String {
    let requested = value.map { cinference_parse_instruction_level($0) } ?? Int32(CINFERENCE_LEVEL_UNSET)
    if requested == Int32(CINFERENCE_LEVEL_UNKNOWN) {
      return "\(level) (\(problem(value: value ?? "", available: available)))"
    }
    guard requested >= 0 else { return "\(level) (the best this CPU has)" }
    let asked = InstructionSet(level: requested)
    if asked > available {
      return "\(level) (EMOTIONS_CPU=\(asked.environmentValue), capped to what the CPU has)"
    }
    return "\(level) (EMOTIONS_CPU=\(asked.environmentValue); the CPU has \(available))"
  }

  /// The instruction sets this CPU can run, narrowest first: what tests compare.
  static var runnable: [InstructionSet] { InstructionSet.allCases.filter { $0 <= available } }

  /// Runs `body` with the calling thread's kernels at `level` (capped to the CPU's), then
  /// restores the process's level. Work `body` hands to other threads keeps the process's.
  static func withLevel<T, E: Error>(_ level: InstructionSet, _ body: () throws(E) -> T) throws(E) -> T {
    cinference_override_instruction_level(Int32(level.rawValue))
    defer { cinference_override_instruction_level(-1) }
    return try body()
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
  @_spi(Benchmarks)
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
        let done = cinference_fma_peak(rounds, &sink)
        lock.withLock { flops += done }
      }
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      best = max(best, lock.withLock { flops } / seconds / 1e9)
    }
    return best
  }
}
