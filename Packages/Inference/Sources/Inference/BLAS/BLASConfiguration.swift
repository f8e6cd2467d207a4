import CInferenceBLAS

/// The BLAS library behind every convolution, and its threading policy.
///
/// OpenBLAS is loaded at first use with the widest kernels the CPU runs (``BLASInfo/coreTypeOrigin``
/// says who chose them) and runs single-threaded: ``KerasModel/predict(_:threads:)`` shares
/// each layer's row chunks between its own threads, which the layers of a face classifier
/// gain from where OpenBLAS's own threads do not.
public enum BLASConfiguration {
  /// The library's description and current settings (loading it if needed).
  public static var current: BLASInfo {
    if case .failure(let error) = OpenBLAS.loaded {
      return BLASInfo(
        configuration: error.description, version: nil, coreType: "none", coreTypeOrigin: .detected,
        threads: 0, processors: 0, threading: "none")
    }
    let origin: CoreTypeOrigin
    if case .success(let loaded) = OpenBLAS.loaded { origin = loaded } else { origin = .detected }
    let configuration = String(cString: cinference_blas_config())
    let words = configuration.split(separator: " ")
    let version = words.count > 1 && words[0] == "OpenBLAS" ? String(words[1]) : nil
    let threading: String
    switch cinference_blas_parallel() {
    case 0: threading = "sequential"
    case 1: threading = "pthreads"
    case 2: threading = "OpenMP"
    default: threading = "unknown"
    }
    return BLASInfo(
      configuration: configuration.trimmingCharacters(in: .whitespaces), version: version,
      coreType: String(cString: cinference_blas_core_name()), coreTypeOrigin: origin,
      threads: Int(cinference_blas_thread_count()), processors: Int(cinference_blas_processor_count()),
      threading: threading)
  }

  /// Sets the threads one BLAS call may use, process-wide.
  ///
  /// Call it while no prediction runs: OpenBLAS does not expect the setting to change under
  /// a running call. Values below 1 are treated as 1.
  public static func setThreadCount(_ count: Int) {
    guard OpenBLAS.isLoaded else { return }
    cinference_blas_set_thread_count(Int32(max(count, 1)))
  }

  /// The floating-point operations of every `cblas_sgemm` call so far (2 per multiply-add).
  package static var sgemmFLOPs: Double {
    OpenBLAS.isLoaded ? cinference_blas_sgemm_flops() : 0
  }

  /// The same, of the calls made on the calling thread.
  package static var threadSGEMMFLOPs: Double {
    OpenBLAS.isLoaded ? cinference_blas_thread_sgemm_flops() : 0
  }
}
