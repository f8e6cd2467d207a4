import COpenBLAS
import Foundation

/// The BLAS library behind every convolution, and its threading policy.
///
/// Inside ``KerasModel/predict(_:)`` OpenBLAS runs single-threaded: the runtime's callers
/// split work across faces or frames on their own threads, which scales better for the
/// small matrices of a face classifier than threads inside each GEMM. The first model
/// loaded applies that default; ``setThreadCount(_:)`` changes it.
public enum BLASConfiguration {
  /// The library's description and current settings.
  public static var current: BLASInfo {
    let configuration = openblas_get_config().map { String(cString: $0) } ?? "OpenBLAS"
    let words = configuration.split(separator: " ")
    let version = words.count > 1 && words[0] == "OpenBLAS" ? String(words[1]) : nil
    let threading: String
    switch openblas_get_parallel() {
    case 0: threading = "sequential"
    case 1: threading = "pthreads"
    case 2: threading = "OpenMP"
    default: threading = "unknown"
    }
    return BLASInfo(
      configuration: configuration.trimmingCharacters(in: .whitespaces), version: version,
      coreType: openblas_get_corename().map { String(cString: $0) } ?? "unknown",
      threads: Int(openblas_get_num_threads()), processors: Int(openblas_get_num_procs()),
      threading: threading)
  }

  /// Sets the threads one BLAS call may use, process-wide.
  ///
  /// Call it while no prediction runs: OpenBLAS does not expect the setting to change under
  /// a running call. Values below 1 are treated as 1. With more than one thread, OpenBLAS
  /// splits products by size, so an item's result may then differ in the last bits between
  /// batch sizes.
  public static func setThreadCount(_ count: Int) {
    applyDefaultOnce()
    openblas_set_num_threads(Int32(max(count, 1)))
  }

  /// Applies the single-threaded default the first time it is called.
  static func applyDefaultOnce() {
    _ = singleThreadedDefault
  }

  private static let singleThreadedDefault: Void = {
    openblas_set_num_threads(1)
  }()
}
