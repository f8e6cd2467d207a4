import FaceAnalysisTesting
import Foundation
import Media
import System
import Testing

@testable import FaceAnalysis

/// A loop for a pipeline's events: jobs posted from its threads wait here until a test runs
/// them on the main actor, which records the events.
@MainActor
final class TestLoop {
  /// Jobs posted and not yet run.
  private nonisolated let pending = LockedValue<[@MainActor @Sendable () -> Void]>([])
  /// The events run so far, oldest first.
  private(set) var events: [RecognitionEvent] = []

  /// A delivery posting to this loop.
  nonisolated var delivery: RecognitionDelivery {
    RecognitionDelivery(
      post: { [pending] job in pending.withLock { $0.append(job) } },
      events: { [weak self] event in self?.events.append(event) })
  }

  /// Runs the jobs posted so far.
  func run() {
    let jobs = pending.withLock { jobs in
      defer { jobs = [] }
      return jobs
    }
    for job in jobs { job() }
  }

  /// Runs posted jobs until `condition` holds, for at most `limit`.
  @discardableResult
  func pump(limit: Duration = .seconds(20), until condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      run()
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.002)
    }
    return false
  }

  /// The frames delivered.
  var frames: [RecognizedFrame] {
    events.compactMap { if case .frame(let frame, _) = $0 { frame } else { nil } }
  }

  /// The tally of the `finished` event, if it came.
  var finished: RecognitionTally? {
    events.lazy.compactMap { if case .finished(let tally) = $0 { tally } else { nil } }.first
  }

  /// The message of the first `failed`, `sourceLost` or `saveFailed` event, if any.
  var failure: String? {
    events.lazy.compactMap { event -> String? in
      switch event {
      case .failed(let message), .sourceLost(let message), .saveFailed(let message): message
      default: nil
      }
    }.first
  }
}

/// Scripted stages: `frames` frames of a `width` x `height` picture, each with one happy face,
/// played as `playback`. Optional hooks make them slow or failing.
final class FakeStages: RecognitionStages {
  let summary: String
  let playback: Playback
  let frameCount: Int
  let width: Int
  let height: Int
  /// `read()` throws this after so many frames (a camera unplugged).
  let failure: (after: Int, error: FakeFailure)?
  let framesRead = LockedValue(0)
  let recognized = LockedValue(0)
  /// Recognitions under way.
  let recognizing = LockedValue(0)
  /// Seconds each recognition takes.
  let recognitionDelay: TimeInterval
  let closed = LockedValue(false)
  /// When given, recognition waits until `read()` has reached the end of the frames: a
  /// recognizer slower than any source.
  let endGate: DispatchSemaphore?

  init(
    name: String, frames: Int, playback: Playback = .video(framesPerSecond: nil), width: Int = 4,
    height: Int = 2, failure: (after: Int, error: FakeFailure)? = nil, waitsForTheEnd: Bool = false,
    recognitionDelay: TimeInterval = 0, missingDetectors: Set<FaceDetectorKind> = []
  ) {
    self.missingDetectors = missingDetectors
    summary = "fake \(name)"
    self.playback = playback
    frameCount = frames
    self.width = width
    self.height = height
    self.failure = failure
    self.recognitionDelay = recognitionDelay
    endGate = waitsForTheEnd ? DispatchSemaphore(value: 0) : nil
  }

  /// The detector running; ``useDetector(_:)`` refuses the kinds in `missingDetectors`.
  let currentDetector = LockedValue(FaceDetectorKind.haar)
  let missingDetectors: Set<FaceDetectorKind>

  var detector: FaceDetectorKind { currentDetector.withLock { $0 } }

  func useDetector(_ kind: FaceDetectorKind) throws {
    if missingDetectors.contains(kind) { throw FakeFailure(description: "no model for \(kind.rawValue)") }
    currentDetector.withLock { $0 = kind }
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
      throw RecognitionStagesError.noSlide(index: index)
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
      faces: [FakeScript.happyFace])
  }

  func close() { closed.withLock { $0 = true } }

  private func makeFrame(_ index: Int, source: String) throws -> Frame {
    let image = try RGBImage(
      width: width, height: height, red: 200, green: UInt8(truncatingIfNeeded: 100 + index), blue: 50)
    let time = playback.framesPerSecond.map { Double(index) / $0 } ?? Double(index) / 10
    return Frame(source: source, index: index, time: time, image: image)
  }
}
