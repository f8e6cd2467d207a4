import FaceAnalysis
import Foundation
import System

/// The recognizer, loaded on a thread of its own from the start of `detect`, while the first
/// input opens: FFmpeg's libraries take about as long to load (50 ms) as the cascade and the
/// model take to read.
final class PendingRecognizer: Sendable {
  private let loaded = DispatchSemaphore(value: 0)
  private let box = LockedValue<Result<EmotionRecognizer, RecognizerError>?>(nil)

  init(_ load: @escaping @Sendable () throws(RecognizerError) -> EmotionRecognizer) {
    Thread.detachNewThread { [self] in
      let result: Result<EmotionRecognizer, RecognizerError>
      do throws(RecognizerError) { result = .success(try load()) } catch { result = .failure(error) }
      box.withLock { $0 = result }
      loaded.signal()
    }
  }

  /// The recognizer or why it could not be loaded, once it is (waiting for it the first time).
  var result: Result<EmotionRecognizer, RecognizerError> {
    if let done = box.withLock({ $0 }) { return done }
    loaded.wait()
    loaded.signal()
    // Set before the signal, so always there.
    return box.withLock { $0 } ?? .failure(.classification(reason: "the model did not load"))
  }
}
