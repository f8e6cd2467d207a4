import Foundation

/// Per-level detections written from concurrent workers.
final class LevelResults: @unchecked Sendable {
  private let lock = NSLock()
  private var levels: [[BoundingBox]]

  init(count: Int) {
    levels = Array(repeating: [], count: count)
  }

  func store(_ boxes: [BoundingBox], at index: Int) {
    lock.lock()
    levels[index] = boxes
    lock.unlock()
  }

  func joined() -> [BoundingBox] {
    lock.lock()
    defer { lock.unlock() }
    return levels.flatMap { $0 }
  }
}
