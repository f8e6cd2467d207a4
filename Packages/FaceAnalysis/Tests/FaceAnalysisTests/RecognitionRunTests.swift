import Foundation
import Inference
import Media
import System
import Testing

@testable import FaceAnalysis

/// The ordered run `detect` and the live pipeline share, over a scripted source and a
/// classifier that says "happy" and notes the thread budget it was given.
@Suite("recognition run")
struct RecognitionRunTests {
  /// A source that yields its script: frames, or a failure in their place.
  final class ScriptedSource: FrameSource {
    let name = "scripted"
    let kind: FrameSourceKind
    let expectedFrameCount: Int? = nil
    let playback = Playback.still
    private var script: [Result<Frame, FrameSourceError>]

    init(kind: FrameSourceKind, script: [Result<Frame, FrameSourceError>]) {
      self.kind = kind
      self.script = script
    }

    func next() throws(FrameSourceError) -> Frame? {
      guard !script.isEmpty else { return nil }
      return try script.removeFirst().get()
    }

    func close() { script = [] }
  }

  /// Every face is happy; the thread counts it was given are kept.
  final class HappyClassifier: EmotionClassifier {
    let inputShape = [64, 64, 1]
    let threads = LockedValue<[Int]>([])

    func predict(_ batch: Tensor) throws -> Tensor { try predict(batch, threads: 0) }

    func predict(_ batch: Tensor, threads: Int) throws -> Tensor {
      self.threads.withLock { $0.append(threads) }
      let happy = Emotion.allCases.map { $0 == .happy ? Float(1) : 0 }
      return try Tensor(shape: [batch.shape[0], 7], values: (0..<batch.shape[0]).flatMap { _ in happy })
    }
  }

  /// Never called: the recognizer takes the whole picture as the face.
  struct UnusedDetector: FaceDetector {
    var kind: FaceDetectorKind { .haar }
    func detectFaces(
      rgb: RGBImage?, gray: GrayImage, options: DetectionOptions, threads: Int
    ) -> [DetectedFace] {
      []
    }
  }

  static func frame(_ index: Int) throws -> Frame {
    Frame(
      source: "f\(index).png", index: index, time: nil,
      image: try RGBImage(width: 4, height: 4, red: 9, green: 9, blue: 9))
  }

  /// A recognizer that takes each whole picture as one face.
  static func recognizer(_ classifier: HappyClassifier) -> EmotionRecognizer {
    var options = RecognitionOptions()
    options.wholeImage = true
    return EmotionRecognizer(detector: UnusedDetector(), classifier: classifier, options: options)
  }

  /// What each item is, as text: `r0` recognised frame 0, `-1` frame 1 read only, `x` failed.
  static func describe(_ batch: [RecognitionRun.Item]) -> [String] {
    batch.map { item in
      switch item {
      case .recognized(let frame, let recognized):
        recognized.faces.map(\.emotion) == [.happy] && recognized.index == frame.index
          ? "r\(frame.index)" : "?"
      case .read(let frame): "-\(frame.index)"
      case .failed(let message): message.contains("missing.png") ? "x" : "?"
      }
    }
  }

  @Test func aFolderGoesOnAfterAFailureInOrderWithEveryNthAndPassedOverFrames() throws {
    let classifier = HappyClassifier()
    let script: [Result<Frame, FrameSourceError>] = [
      .success(try Self.frame(0)), .success(try Self.frame(1)), .failure(.notFound(path: "missing.png")),
      .success(try Self.frame(3)), .success(try Self.frame(4)), .success(try Self.frame(6)),
    ]
    var options = RecognitionRun.Options()
    options.every = 3
    options.framesPerBatch = 3
    options.passesOver = { $0.index == 4 }
    var run = RecognitionRun(
      source: ScriptedSource(kind: .folder, script: script), recognizer: Self.recognizer(classifier),
      options: options)
    var batches: [[String]] = []
    while let batch = run.nextBatch() { batches.append(Self.describe(batch)) }
    #expect(batches == [["r0", "-1", "x"], ["r3", "-4", "r6"]])
    // Frames recognised together share the cores, one thread each; a frame alone gets them all.
    // (The second batch starts while the first may still run, so in either order.)
    #expect(
      classifier.threads.withLock { $0 }.sorted()
        == [ProcessInfo.processInfo.activeProcessorCount, 1, 1].sorted())
  }

  @Test func aVideoEndsAtItsFirstFailureAndAFrameAloneGetsEveryCore() throws {
    let classifier = HappyClassifier()
    let script: [Result<Frame, FrameSourceError>] = [
      .success(try Self.frame(0)), .failure(.notFound(path: "missing.png")), .success(try Self.frame(2)),
    ]
    var options = RecognitionRun.Options()
    options.framesPerBatch = 1
    var run = RecognitionRun(
      source: ScriptedSource(kind: .video, script: script), recognizer: Self.recognizer(classifier),
      options: options)
    var batches: [[String]] = []
    while let batch = run.nextBatch() { batches.append(Self.describe(batch)) }
    #expect(batches == [["r0"], ["x"]])
    #expect(classifier.threads.withLock { $0 } == [ProcessInfo.processInfo.activeProcessorCount])
  }
}
