import Dispatch
import Media

/// The service's saving of what a session shows: one frame at a time on a queue of its own,
/// off the screen's thread, each reported as ``RecognitionEvent/saved(path:)`` or
/// ``RecognitionEvent/saveFailed(_:)``.
struct FrameSaving: Sendable {
  /// Where the pictures go, and how they are named.
  let saver: FrameSaver
  private let queue = DispatchQueue(label: "emotions.save")

  /// Saving through `saver`.
  init(saver: FrameSaver) {
    self.saver = saver
  }

  /// Saves `frame`, read from `source`, and passes the outcome to `report` on the queue.
  func save(_ frame: RecognizedFrame, source: String, report: @escaping @Sendable (RecognitionEvent) -> Void)
  {
    queue.async { [saver] in
      do throws(MediaWriteError) {
        report(.saved(path: try saver.save(frame, source: source)))
      } catch {
        report(.saveFailed(error.description))
      }
    }
  }
}
