import FaceAnalysis
import Foundation
import Synchronization

/// Stands in for the real recognizer: every source is 50 frames at 10 fps of a moving
/// gradient with one "face" whose mood drifts from neutral to happy.
final class SyntheticRecognitionService: RecognitionService {
  let labels = EmotionRecognizer.labels

  func inspect(source: String) -> SourceInspection {
    source.isEmpty ? .invalid(reason: "type any name") : .valid(summary: "synthetic frames")
  }

  func open(source: String) throws -> any RecognitionSession { SyntheticSession(name: source) }
}

/// The frames of ``SyntheticRecognitionService``.
final class SyntheticSession: RecognitionSession {
  let summary: String
  let playback = Playback.video(framesPerSecond: 10)
  private let nextIndex = Mutex(0)
  private static let frameCount = 50

  init(name: String) { summary = "\(name) (synthetic, 160x90, 10 fps)" }

  func read() throws -> Frame? {
    let index = nextIndex.withLock { index -> Int in
      defer { index += 1 }
      return index
    }
    guard index < Self.frameCount else { return nil }
    var pixels = [UInt8](repeating: 0, count: 160 * 90 * 3)
    for y in 0..<90 {
      for x in 0..<160 {
        let offset = (y * 160 + x) * 3
        pixels[offset] = UInt8((x + index * 3) % 256)
        pixels[offset + 1] = UInt8(y * 2)
        pixels[offset + 2] = 128
      }
    }
    let image = try RGBImage(width: 160, height: 90, pixels: pixels)
    return Frame(source: summary, index: index, time: Double(index) / 10, image: image)
  }

  func recognize(_ frame: Frame) throws -> RecognizedFrame {
    let happy = Float(frame.index) / Float(Self.frameCount)
    let face = RecognizedFace(
      box: BoundingBox(x: 50 + frame.index, y: 20, width: 40, height: 40),
      scores: [0.02, 0.01, 0.02, happy * 0.9, 0.02, 0.03, 0.9 - happy * 0.9], labels: EmotionRecognizer.labels
    )
    return RecognizedFrame(
      index: frame.index, time: frame.time ?? 0, name: frame.source, image: frame.image, faces: [face])
  }

  func frame(at index: Int) throws -> Frame { throw RecognitionSessionError.noSlide(index: index) }

  func close() { nextIndex.withLock { $0 = Self.frameCount } }
}
