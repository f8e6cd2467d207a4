import Pixels
import System

/// Per-level detections written from concurrent workers, each level once.
final class LevelResults: Sendable {
  private let levels: LockedValue<[[BoundingBox]]>

  init(count: Int) {
    levels = LockedValue(Array(repeating: [], count: count))
  }

  func store(_ boxes: [BoundingBox], at index: Int) {
    levels.withLock { $0[index] = boxes }
  }

  func joined() -> [BoundingBox] {
    levels.withLock { $0.flatMap { $0 } }
  }
}
