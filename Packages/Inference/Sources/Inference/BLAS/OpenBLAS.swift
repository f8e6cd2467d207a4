import CInferenceBLAS
import Foundation
import Processor

/// Debian's OpenBLAS, loaded once per process at first use, with the kernels chosen for this
/// CPU (see ``OpenBLASCoreType``) unless the user set `OPENBLAS_CORETYPE`. It runs
/// single-threaded: the runtime shares a batch's work between its own threads.
package enum OpenBLAS {
  /// The library's kernels and who chose them, or why it could not be loaded.
  package static let loaded: Result<CoreTypeOrigin, ModelError> = load()

  /// Loads the library if needed.
  /// - Throws: ``ModelError/blasUnavailable(_:)`` when it cannot be loaded.
  package static func require() throws(ModelError) {
    if case .failure(let error) = loaded { throw error }
  }

  /// Whether the library is loaded (loading it if needed).
  package static var isLoaded: Bool {
    if case .success = loaded { return true }
    return false
  }

  private static func load() -> Result<CoreTypeOrigin, ModelError> {
    let fromUser = ProcessInfo.processInfo.environment["OPENBLAS_CORETYPE"] != nil
    let choice = fromUser ? nil : OpenBLASCoreType.choice(for: .current)
    var reason = [CChar](repeating: 0, count: 512)
    let status: Int32
    if let choice {
      status = choice.name.withCString { cinference_blas_load($0, &reason, reason.count) }
    } else {
      status = cinference_blas_load(nil, &reason, reason.count)
    }
    guard status == 0 else {
      return .failure(
        .blasUnavailable(
          String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
    }
    cinference_blas_set_thread_count(1)
    if fromUser { return .success(.environment) }
    if let choice, String(cString: cinference_blas_core_name()).lowercased() == choice.name.lowercased() {
      return .success(.chosen(features: choice.features))
    }
    return .success(.detected)
  }
}
