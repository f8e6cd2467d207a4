import FaceAnalysis
import Foundation
import Synchronization

/// A recognition service with made-up sources: every name opens a ``FakeSession`` built by
/// `makeSession` (by default `frameCount` frames of a video with one happy face each);
/// names starting with `missing` do not exist.
final class FakeRecognitionService: RecognitionService {
  let labels = EmotionRecognizer.labels
  let opened = Mutex<[String]>([])
  private let makeSession: @Sendable (String) -> FakeSession

  init(frameCount: Int = 3) {
    makeSession = { FakeSession(name: $0, frames: frameCount) }
  }

  init(session: @escaping @Sendable (String) -> FakeSession) {
    makeSession = session
  }

  func inspect(source: String) -> SourceInspection {
    source.hasPrefix("missing")
      ? .invalid(reason: "no such file: \(source)") : .valid(summary: "fake \(source)")
  }

  func open(source: String) throws -> any RecognitionSession {
    opened.withLock { $0.append(source) }
    return makeSession(source)
  }
}

/// A scripted session: `frames` frames of a `width` x `height` picture, each with the faces
/// `faces(index)` returns, played as `playback`. Optional hooks make it slow or failing.
final class FakeSession: RecognitionSession {
  let summary: String
  let playback: Playback
  let frameCount: Int
  let width: Int
  let height: Int
  let faces: @Sendable (Int) -> [RecognizedFace]
  /// Seconds each frame reports for detection and classification.
  let timing: (detection: Double, classification: Double)
  /// `read()` throws this after so many frames (a camera unplugged).
  let failure: (after: Int, error: FakeFailure)?

  let framesRead = Mutex(0)
  let recognized = Mutex(0)
  /// Recognitions under way.
  let recognizing = Mutex(0)
  /// Seconds each recognition takes.
  let recognitionDelay: TimeInterval
  let closed = Mutex(false)
  /// When given, recognition waits until `read()` has reached the end of the frames: a
  /// recognizer slower than any source.
  let endGate: DispatchSemaphore?

  init(
    name: String, frames: Int, playback: Playback = .video(framesPerSecond: nil), width: Int = 4,
    height: Int = 2, timing: (Double, Double) = (0, 0),
    faces: @escaping @Sendable (Int) -> [RecognizedFace] = { _ in [FakeSession.happyFace] },
    failure: (after: Int, error: FakeFailure)? = nil, waitsForTheEnd: Bool = false,
    recognitionDelay: TimeInterval = 0
  ) {
    self.recognitionDelay = recognitionDelay
    endGate = waitsForTheEnd ? DispatchSemaphore(value: 0) : nil
    summary = "fake \(name)"
    self.playback = playback
    self.frameCount = frames
    self.width = width
    self.height = height
    self.timing = timing
    self.faces = faces
    self.failure = failure
  }

  /// One face at 1,0 2x2, happiest (75%).
  static let happyFace = face(x: 1, y: 0, width: 2, height: 2, scores: [0, 0, 0, 0.75, 0.05, 0.1, 0.1])

  static func face(x: Int, y: Int, width: Int, height: Int, scores: [Float]) -> RecognizedFace {
    RecognizedFace(
      box: BoundingBox(x: x, y: y, width: width, height: height), scores: scores,
      labels: EmotionRecognizer.labels)
  }

  func read() throws -> Frame? {
    let index = framesRead.withLock { count -> Int in
      defer { count += 1 }
      return count
    }
    if let failure, index >= failure.after { throw failure.error }
    guard index < frameCount else {
      endGate?.signal()
      return nil
    }
    return try makeFrame(index, source: summary)
  }

  func frame(at index: Int) throws -> Frame {
    guard case .slideShow(let count) = playback, index < count else {
      throw RecognitionSessionError.noSlide(index: index)
    }
    return try makeFrame(index, source: "slide\(index + 1).png")
  }

  func recognize(_ frame: Frame) throws -> RecognizedFrame {
    recognizing.withLock { $0 += 1 }
    defer { recognizing.withLock { $0 -= 1 } }
    if recognitionDelay > 0 { Thread.sleep(forTimeInterval: recognitionDelay) }
    if let endGate {
      endGate.wait()
      endGate.signal()
    }
    recognized.withLock { $0 += 1 }
    return RecognizedFrame(
      index: frame.index, time: frame.time ?? 0, name: frame.source, image: frame.image,
      faces: faces(frame.index), detectionSeconds: timing.detection,
      classificationSeconds: timing.classification)
  }

  func close() { closed.withLock { $0 = true } }

  private func makeFrame(_ index: Int, source: String) throws -> Frame {
    let shade = UInt8(truncatingIfNeeded: 100 + index)
    let image = try RGBImage(width: width, height: height, red: 200, green: shade, blue: 50)
    let time = playback.framesPerSecond.map { Double(index) / $0 } ?? Double(index) / 10
    return Frame(source: source, index: index, time: time, image: image)
  }
}

/// The error a fake camera throws.
struct FakeFailure: Error, CustomStringConvertible {
  var description: String
}
