import CInference

/// The vector extensions of a CPU that choose OpenBLAS's kernels, as the system enables them.
struct CPUFeatures: OptionSet, Sendable {
  let rawValue: UInt32

  static let sse3 = CPUFeatures(rawValue: UInt32(CINFERENCE_CPU_SSE3))
  static let ssse3 = CPUFeatures(rawValue: UInt32(CINFERENCE_CPU_SSSE3))
  static let sse4_2 = CPUFeatures(rawValue: UInt32(CINFERENCE_CPU_SSE4_2))
  static let avx = CPUFeatures(rawValue: UInt32(CINFERENCE_CPU_AVX))
  static let avx2 = CPUFeatures(rawValue: UInt32(CINFERENCE_CPU_AVX2))
  static let fma = CPUFeatures(rawValue: UInt32(CINFERENCE_CPU_FMA))
  static let avx512f = CPUFeatures(rawValue: UInt32(CINFERENCE_CPU_AVX512F))
  static let avx512bw = CPUFeatures(rawValue: UInt32(CINFERENCE_CPU_AVX512BW))
  static let avx512dq = CPUFeatures(rawValue: UInt32(CINFERENCE_CPU_AVX512DQ))
  static let avx512vl = CPUFeatures(rawValue: UInt32(CINFERENCE_CPU_AVX512VL))
  static let avx512bf16 = CPUFeatures(rawValue: UInt32(CINFERENCE_CPU_AVX512BF16))

  /// What OpenBLAS's AVX-512 kernels (SkylakeX) use.
  static let avx512: CPUFeatures = [.avx2, .fma, .avx512f, .avx512bw, .avx512dq, .avx512vl]

  /// This machine's features (empty on other architectures than x86-64).
  static var current: CPUFeatures { CPUFeatures(rawValue: UInt32(cinference_cpu_features())) }
}
