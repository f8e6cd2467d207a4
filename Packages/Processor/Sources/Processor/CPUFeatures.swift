import CProcessor

/// The vector extensions of a CPU that choose OpenBLAS's kernels, as the system enables them.
public struct CPUFeatures: OptionSet, Sendable {
  /// The CPROCESSOR_CPU_* bits.
  public let rawValue: UInt32

  /// The features of `rawValue`'s bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// SSE3.
  public static let sse3 = CPUFeatures(rawValue: UInt32(CPROCESSOR_CPU_SSE3))
  /// SSSE3.
  public static let ssse3 = CPUFeatures(rawValue: UInt32(CPROCESSOR_CPU_SSSE3))
  /// SSE4.2.
  public static let sse4_2 = CPUFeatures(rawValue: UInt32(CPROCESSOR_CPU_SSE4_2))
  /// AVX.
  public static let avx = CPUFeatures(rawValue: UInt32(CPROCESSOR_CPU_AVX))
  /// AVX2.
  public static let avx2 = CPUFeatures(rawValue: UInt32(CPROCESSOR_CPU_AVX2))
  /// FMA3.
  public static let fma = CPUFeatures(rawValue: UInt32(CPROCESSOR_CPU_FMA))
  /// AVX-512 Foundation.
  public static let avx512f = CPUFeatures(rawValue: UInt32(CPROCESSOR_CPU_AVX512F))
  /// AVX-512 byte and word.
  public static let avx512bw = CPUFeatures(rawValue: UInt32(CPROCESSOR_CPU_AVX512BW))
  /// AVX-512 doubleword and quadword.
  public static let avx512dq = CPUFeatures(rawValue: UInt32(CPROCESSOR_CPU_AVX512DQ))
  /// AVX-512 vector length.
  public static let avx512vl = CPUFeatures(rawValue: UInt32(CPROCESSOR_CPU_AVX512VL))
  /// AVX-512 bfloat16.
  public static let avx512bf16 = CPUFeatures(rawValue: UInt32(CPROCESSOR_CPU_AVX512BF16))
  /// AVX-512 vector neural network instructions (byte and word dot products).
  public static let avx512vnni = CPUFeatures(rawValue: UInt32(CPROCESSOR_CPU_AVX512VNNI))
  /// AVX-512 vector byte manipulation (byte permutes across the vector).
  public static let avx512vbmi = CPUFeatures(rawValue: UInt32(CPROCESSOR_CPU_AVX512VBMI))

  /// What OpenBLAS's AVX-512 kernels (SkylakeX) use.
  public static let avx512: CPUFeatures = [.avx2, .fma, .avx512f, .avx512bw, .avx512dq, .avx512vl]

  /// This machine's features (empty on other architectures than x86-64).
  public static var current: CPUFeatures { CPUFeatures(rawValue: UInt32(cprocessor_cpu_features())) }
}
