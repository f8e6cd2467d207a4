import Inference
import Processor

/// What recognition computes on, for `--version` and About: OpenBLAS's kernels and the
/// instruction set of the project's own, so that the app needs no link to Inference.
public enum ComputeRuntime {
  /// The BLAS in use: library, version, kernels and who chose them, threads.
  public static var blas: String { BLASConfiguration.current.description }

  /// The instruction set of the project's own kernels, and what capped it.
  public static var kernels: String { KernelConfiguration.summary }

  /// Why `EMOTIONS_CPU` names no level this CPU can run, or nil when it is unset or valid.
  public static var environmentProblem: String? { KernelConfiguration.environmentProblem }
}
