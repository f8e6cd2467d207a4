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

  /// The instruction set of a C level (0 generic, 1 AVX2, 2 AVX-512).
  public init(level: Int32) { self = InstructionSet(rawValue: Int(level)) ?? .generic }
}
