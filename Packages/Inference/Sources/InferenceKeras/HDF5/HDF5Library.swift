import CHDF5
import Foundation
import Inference
import System

/// Process-wide access to libhdf5.
///
/// libhdf5 may be built without thread safety, so every call into it goes through
/// ``withLock(_:)`` (harmless where the build is thread-safe, as Debian's is). Each use also
/// turns off libhdf5's own printing of its error stack: failures become typed ``ModelError``
/// values instead.
enum HDF5Library {
  /// Held around every call into libhdf5: it guards the library, not a value.
  private static let lock = LockedValue(())
  /// libhdf5's one-time set-up, run by the first call (Swift runs a static's initialiser once).
  private static let opened: Void = { H5open() }()

  /// Runs `body` while holding the library lock, after initialising libhdf5 once.
  ///
  /// Error printing is turned off on every call: in a thread-safe libhdf5 build (Debian's
  /// is one) the setting belongs to the calling thread's error stack.
  static func withLock<T>(_ body: () throws(ModelError) -> T) throws(ModelError) -> T {
    let result: Result<T, ModelError> = lock.withLock { _ in
      _ = opened
      _ = chdf5_silence_errors()
      do throws(ModelError) {
        return .success(try body())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The number of HDF5 objects (files, groups, datasets, attributes, types) open now.
  static func openObjectCount() -> Int {
    lock.withLock { _ in Int(chdf5_open_object_count()) }
  }

  /// Whether libhdf5 would print its error stack on the calling thread (for tests).
  static func printsErrors() -> Bool {
    lock.withLock { _ in
      var function: H5E_auto2_t?
      var data: UnsafeMutableRawPointer?
      _ = H5Eget_auto2(chdf5_e_default(), &function, &data)
      return function != nil
    }
  }

  /// The innermost message on the calling thread's HDF5 error stack, then clears the stack.
  ///
  /// Call with the lock held, right after a failed call.
  static func lastErrorMessage() -> String {
    var message = ""
    withUnsafeMutablePointer(to: &message) { pointer in
      _ = H5Ewalk2(
        chdf5_e_default(), H5E_WALK_UPWARD,
        { _, error, context in
          guard let error, let context, let description = error.pointee.desc else { return 0 }
          let target = context.assumingMemoryBound(to: String.self)
          if target.pointee.isEmpty {
            target.pointee = String(cString: description)
          }
          return 0
        }, pointer)
    }
    _ = H5Eclear2(chdf5_e_default())
    return message
  }
}
