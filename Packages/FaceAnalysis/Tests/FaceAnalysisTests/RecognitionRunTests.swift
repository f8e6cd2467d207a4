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
    /// How many times it was read, the end included.
    private(set) var reads = 0

    init(kind: FrameSourceKind, script: [Result<Frame, FrameSourceError>]) {
      self.kind = kind
      self.script = script
    }

    func next() throws(FrameSourceError) -> Frame? {
      reads += 1
      guard !script.isEmpty else { return nil }
      return try script.removeFirst().get()
    }

    func close() { script = [] }
  }

  /// Every face is happy; the thread counts it was given, and when each call started, are
  /// kept. Each call takes `delay`.
  final class HappyClassifier: EmotionClassifier {
    let inputShape = [64, 64, 1]
    let threads = LockedValue<[Int]>([])
    let starts = LockedValue<[DispatchTime]>([])
    let finishes = LockedValue(0)
    let delay: TimeInterval
    let darkDelay: TimeInterval?

    /// A classifier taking `delay` for a face, or `darkDelay` (when given) for a face darker
    /// than mid-gray.
    init(delay: TimeInterval = 0, darkDelay: TimeInterval? = nil) {
      self.delay = delay
      self.darkDelay = darkDelay
    }

    func predict(_ batch: Tensor) throws -> Tensor { try predict(batch, threads: 0) }

    func predict(_ batch: Tensor, threads: Int) throws -> Tensor {
      starts.withLock { $0.append(DispatchTime.now()) }
      let isDark = (batch.values.first ?? 0) < 0
      let delay = isDark ? darkDelay ?? self.delay : self.delay
      if delay > 0 { Thread.sleep(forTimeInterval: delay) }
      self.threads.withLock { $0.append(threads) }
      defer { finishes.withLock { $0 += 1 } }
      let happy = Emotion.allCases.map { $0 == .happy ? Float(1) : 0 }
      return try Tensor(shape: [batch.shape[0], 7], values: (0..<batch.shape[0]).flatMap { _ in happy })
    }
  }

  /// Never called: the recognizer takes the whole picture as the face.
  struct UnusedDetector: FaceDetector {
    var kind: FaceDetectorKind { .haar }
    func detectFaces(in picture: FacePicture, options: DetectionOptions, threads: Int) -> [DetectedFace] {
      []
    }
  }

  static func frame(_ index: Int, gray: UInt8 = 9) throws -> Frame {
    Frame(
      source: "f\(index).png", index: index, time: nil,
      image: try RGBImage(width: 4, height: 4, red: gray, green: gray, blue: gray))
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

  /// Runs a scripted source to its end: every item in order, and for each batch handed back
  /// how many reads were ahead of the items handed back before it.
  static func run(
    _ source: ScriptedSource, classifier: HappyClassifier, options: RecognitionRun.Options
  ) -> (items: [String], readAhead: [Int]) {
    var run = RecognitionRun(source: source, recognizer: Self.recognizer(classifier), options: options)
    var items: [String] = []
    var readAhead: [Int] = []
    while let batch = run.nextBatch() {
      #expect(!batch.isEmpty, "a batch holds at least one item")
      readAhead.append(source.reads - items.count)
      items += Self.describe(batch)
    }
    return (items, readAhead)
  }

  @Test func aFolderGoesOnAfterAFailureInOrderWithEveryNthAndPassedOverFrames() throws {
    let classifier = HappyClassifier()
    let script: [Result<Frame, FrameSourceError>] = [
      .success(try Self.frame(0)), .success(try Self.frame(1)), .failure(.notFound(path: "missing.png")),
      .success(try Self.frame(3)), .success(try Self.frame(4)), .success(try Self.frame(6)),
      .success(try Self.frame(7)), .success(try Self.frame(9)),
    ]
    var options = RecognitionRun.Options()
    options.every = 3
    options.framesPerBatch = 2
    options.passesOver = { $0.index == 4 }
    let source = ScriptedSource(kind: .folder, script: script)
    let (items, readAhead) = Self.run(source, classifier: classifier, options: options)
    #expect(items == ["r0", "-1", "x", "r3", "-4", "r6", "-7", "r9"])
    // Frames recognised side by side get one thread each; twice as many frames as are
    // recognised at once are read ahead, and no more (the end of the source counts as a read).
    #expect(classifier.threads.withLock { $0 } == [1, 1, 1, 1])
    #expect(readAhead.allSatisfy { $0 <= 4 + 1 }, "\(readAhead)")
    #expect(readAhead.first == 4, "the first batch is handed back with four frames read")
  }

  @Test func aVideoEndsAtItsFirstFailureAndAFrameAloneGetsEveryCore() throws {
    let classifier = HappyClassifier()
    let script: [Result<Frame, FrameSourceError>] = [
      .success(try Self.frame(0)), .failure(.notFound(path: "missing.png")), .success(try Self.frame(2)),
    ]
    var options = RecognitionRun.Options()
    options.framesPerBatch = 1
    let source = ScriptedSource(kind: .video, script: script)
    let (items, readAhead) = Self.run(source, classifier: classifier, options: options)
    #expect(items == ["r0", "x"])
    #expect(readAhead == [1, 1], "one frame at a time reads nothing ahead")
    #expect(classifier.threads.withLock { $0 } == [ProcessInfo.processInfo.activeProcessorCount])
  }

  @Test func aRunDroppedEarlyLeavesNoQueuedFrameToRecogniseAndNoneUnderWay() throws {
    // Four frames are read ahead and queued for the caller and one helper: the first dark, 100
    // ms of work, the others 400 ms. The run is dropped as soon as its first batch is back, at
    // 100 ms if the caller took the first frame, at 400 ms if the helper did; either way the
    // helper is then in the middle of a light frame. The drop waits for it, and no frame is
    // started after it (a frame taken just before is given 100 ms to reach the classifier).
    let classifier = HappyClassifier(delay: 0.4, darkDelay: 0.1)
    let script = try (0..<6).map {
      Result<Frame, FrameSourceError>.success(try Self.frame($0, gray: $0 == 0 ? 9 : 200))
    }
    var options = RecognitionRun.Options()
    options.framesPerBatch = 2
    do {
      var run = RecognitionRun(
        source: ScriptedSource(kind: .folder, script: script), recognizer: Self.recognizer(classifier),
        options: options)
      #expect(run.nextBatch()?.isEmpty == false)
    }
    let dropped = DispatchTime.now()
    let (started, finished) = (classifier.starts.withLock { $0.count }, classifier.finishes.withLock { $0 })
    #expect(started == finished, "\(started - finished) frames were still being recognised after the drop")
    Thread.sleep(forTimeInterval: 0.8)
    let late = classifier.starts.withLock { $0 }.filter {
      $0.uptimeNanoseconds > dropped.uptimeNanoseconds + 100_000_000
    }
    #expect(late.isEmpty, "\(late.count) frames started after the run was dropped")
  }

  @Test func aLonePhotoGetsEveryCore() throws {
    let classifier = HappyClassifier()
    let source = ScriptedSource(kind: .image, script: [.success(try Self.frame(0))])
    let (items, _) = Self.run(source, classifier: classifier, options: RecognitionRun.Options())
    #expect(items == ["r0"])
    #expect(classifier.threads.withLock { $0 } == [ProcessInfo.processInfo.activeProcessorCount])
  }
}
