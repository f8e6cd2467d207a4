import Processor

/// An OpenBLAS core type (the kernel set `OPENBLAS_CORETYPE` names) and the CPU features it
/// was chosen for.
///
/// OpenBLAS picks its kernels from the CPU model, and Debian's 0.3.21 does not know recent
/// ones: it runs its SSE3 kernels (Prescott) on current Xeons and its AVX2 ones on Zen 5.
/// Choosing from the features instead gives every CPU the widest kernels it can run.
package struct OpenBLASCoreType: Equatable, Sendable {
  /// The name OpenBLAS knows, for example `SkylakeX`.
  package let name: String
  /// The features that chose it, for example `AVX-512`.
  package let features: String

  /// The core type for a CPU with `features`, or nil where OpenBLAS's own detection is all
  /// there is (no x86-64 vector extension known).
  package static func choice(for features: CPUFeatures) -> OpenBLASCoreType? {
    if features.isSuperset(of: CPUFeatures.avx512) {
      return features.contains(.avx512bf16)
        ? OpenBLASCoreType(name: "Cooperlake", features: "AVX-512 with BF16")
        : OpenBLASCoreType(name: "SkylakeX", features: "AVX-512")
    }
    if features.isSuperset(of: [.avx2, .fma]) {
      return OpenBLASCoreType(name: "Haswell", features: "AVX2 and FMA")
    }
    if features.contains(.avx) { return OpenBLASCoreType(name: "Sandybridge", features: "AVX") }
    if features.isSuperset(of: [.ssse3, .sse4_2]) {
      return OpenBLASCoreType(name: "Nehalem", features: "SSE4.2")
    }
    if features.contains(.sse3) { return OpenBLASCoreType(name: "Prescott", features: "SSE3") }
    return nil
  }
}
