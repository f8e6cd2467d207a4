/// Who picked the kernels OpenBLAS runs.
public enum CoreTypeOrigin: Sendable, Equatable, CustomStringConvertible {
  /// Inference chose them from the CPU's features, for example `AVX-512`.
  case chosen(features: String)
  /// The user's `OPENBLAS_CORETYPE`, which always wins.
  case environment
  /// OpenBLAS's own detection: no choice exists for this CPU, or the library was already
  /// loaded by someone else.
  case detected

  /// For example `chosen for AVX-512`.
  public var description: String {
    switch self {
    case .chosen(let features): return "chosen for \(features)"
    case .environment: return "set by OPENBLAS_CORETYPE"
    case .detected: return "detected by OpenBLAS"
    }
  }
}
