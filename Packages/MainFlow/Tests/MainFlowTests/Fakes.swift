import FaceAnalysis
import Foundation
import Synchronization

/// A recognition service with made-up sources: names ending in `.mp4` are videos of
/// `frameCount` frames with one face each; `missing…` does not exist.
final class FakeRecognitionService: RecognitionService {
  let labels = EmotionRecognizer.labels
  let frameCount: Int
  let opened = Mutex<[String]>([])

  init(frameCount: Int = 3) { self.frameCount = frameCount }

  func inspect(source: String) -> SourceInspection {
    source.hasPrefix("missing")
      ? .invalid(reason: "no such file: \(source)") : .valid(summary: "fake \(source)")
  }

  func open(source: String) throws -> any RecognitionSession {
    opened.withLock { $0.append(source) }
    return FakeSession(name: source, frames: frameCount)
  }
}

/// Yields `frames` frames of a 4x2 picture, each with one face that is happiest.
final class FakeSession: RecognitionSession {
  let summary: String
  let framesPerSecond: Double? = nil
  private let remaining: Mutex<Int>
  let closed = Mutex(false)

  init(name: String, frames: Int) {
    summary = "fake \(name)"
    remaining = Mutex(frames)
  }

  func next() throws -> RecognizedFrame? {
    let index = remaining.withLock { count -> Int? in
      guard count > 0 else { return nil }
      count -= 1
      return count
    }
    guard let index, let image = try? RGBImage(width: 4, height: 2, red: 200, green: 100, blue: 50) else {
      return nil
    }
    let face = RecognizedFace(
      box: BoundingBox(x: 1, y: 0, width: 2, height: 2), scores: [0, 0, 0, 0.75, 0.05, 0.1, 0.1],
      labels: EmotionRecognizer.labels)
    return RecognizedFrame(index: index, time: 0, name: summary, image: image, faces: [face])
  }

  func close() { closed.withLock { $0 = true } }
}
