/// What the BLAS library is and how it runs, for an About screen or a benchmark log.
public struct BLASInfo: Sendable, Equatable, CustomStringConvertible {
  /// The library's own description, for example `OpenBLAS 0.3.21 DYNAMIC_ARCH NO_AFFINITY ...`.
  public let configuration: String
  /// The library version, for example `0.3.21`, when the description names it.
  public let version: String?
  /// The CPU kernel set the library runs, for example `SkylakeX`.
  public let coreType: String
  /// Who chose that kernel set: Inference from the CPU's features, the user's
  /// `OPENBLAS_CORETYPE`, or OpenBLAS's own detection.
  public let coreTypeOrigin: CoreTypeOrigin
  /// The threads one BLAS call may use (1 by default here: see ``BLASConfiguration``).
  public let threads: Int
  /// The processors the library sees.
  public let processors: Int
  /// How the library was built to run threads: `sequential`, `pthreads` or `OpenMP`.
  public let threading: String

  /// Describes a BLAS library.
  public init(
    configuration: String, version: String?, coreType: String, coreTypeOrigin: CoreTypeOrigin,
    threads: Int, processors: Int, threading: String
  ) {
    self.configuration = configuration
    self.version = version
    self.coreType = coreType
    self.coreTypeOrigin = coreTypeOrigin
    self.threads = threads
    self.processors = processors
    self.threading = threading
  }

  /// One line, for example
  /// `OpenBLAS 0.3.21 (SkylakeX kernels, chosen for AVX-512), 1 of 8 threads, pthreads`.
  public var description: String {
    guard let version else { return configuration }
    return
      "OpenBLAS \(version) (\(coreType) kernels, \(coreTypeOrigin)), \(threads) of \(processors) threads, "
      + threading
  }
}
