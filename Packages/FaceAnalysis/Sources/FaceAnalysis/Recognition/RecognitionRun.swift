import Dispatch
import Foundation
import Media
import System

/// One ordered run of recognised frames over a source: `detect`'s loop, and the frame step of
/// the live pipeline (which takes one frame at a time, so that a detector switch holds from
/// the next frame on).
///
/// ``nextBatch()`` hands back a batch of frames, recognised, in the source's order. Each batch is
/// recognised on all cores together (each frame on one thread; a frame alone gets every thread)
/// while the caller's thread reads the next one, which starts as soon as it is read: decoding
/// overlaps recognition, and no core waits for a batch's slowest frame.
/// A frame that cannot be read or recognised is an item of its own: a folder or a list goes on
/// with its next file, any other source ends there.
///
/// ```swift
/// var run = RecognitionRun(source: try FrameSourceFactory.open(located), recognizer: recognizer)
/// while let batch = run.nextBatch() {
///   for item in batch { print(item) }
/// }
/// ```
public struct RecognitionRun {
  /// What a run recognises and how many frames it holds at once.
  public struct Options: Sendable {
    /// Recognise the frames whose index is a multiple of this; the others are handed back read
    /// only (a source that skips frames itself reads with 1).
    public var every = 1
    /// How many frames a batch holds: one per core by default. The next batch is started
    /// behind it, so a core that finishes early takes one of its frames, and two frames a core
    /// are held at a time.
    public var framesPerBatch = ProcessInfo.processInfo.activeProcessorCount
    /// Frames handed back read only, such as those a resumed run recorded before.
    public var passesOver: @Sendable (Frame) -> Bool = { _ in false }

    /// The defaults: every frame recognised, two per core in flight.
    public init() {}
  }

  /// One frame of the run, in the source's order.
  public enum Item: Sendable {
    /// A frame with its faces and the time the two steps took.
    case recognized(Frame, RecognizedFrame)
    /// A frame read and not recognised (between every Nth, or passed over).
    case read(Frame)
    /// A frame that could not be read or recognised: one line naming the input.
    case failed(String)
  }

  private let source: any FrameSource
  private let recognizer: EmotionRecognizer
  private let options: Options
  private var ended = false
  /// The batch read ahead of the one being handed back, already being recognised.
  private var ahead: Batch?

  /// A run over an open source; the caller closes the source.
  public init(source: any FrameSource, recognizer: EmotionRecognizer, options: Options = Options()) {
    self.source = source
    self.recognizer = recognizer
    var options = options
    options.every = max(1, options.every)
    options.framesPerBatch = max(1, options.framesPerBatch)
    self.options = options
  }

  /// The next frames, recognised, in order; nil once the source has ended.
  public mutating func nextBatch() -> [Item]? {
    guard let current = ahead ?? startBatch() else { return nil }
    ahead = startBatch()
    return current.items()
  }

  /// Reads the next batch and starts recognising its wanted frames; nil at the end.
  private mutating func startBatch() -> Batch? {
    guard !ended else { return nil }
    var reads: [Result<Frame, Failure>] = []
    while reads.count < options.framesPerBatch {
      do throws(FrameSourceError) {
        guard let frame = try source.next() else {
          ended = true
          break
        }
        reads.append(.success(frame))
      } catch {
        reads.append(.failure(Failure(message: error.description)))
        if source.kind == .folder || source.kind == .list { continue }
        ended = true
        break
      }
    }
    guard !reads.isEmpty else { return nil }
    let options = self.options
    let wanted = reads.map { read -> Frame? in
      guard case .success(let frame) = read, frame.index % options.every == 0, !options.passesOver(frame)
      else {
        return nil
      }
      return frame
    }
    return Batch(reads: reads, wanted: wanted, recognizer: recognizer)
  }

  /// A batch's frames as read, and the recognition of the wanted ones, under way.
  private final class Batch {
    private let reads: [Result<Frame, Failure>]
    private let results: LockedValue<[Result<RecognizedFrame, RecognizerError>?]>
    private let done = DispatchGroup()

    /// Starts recognising `wanted`'s frames, one work item each: one thread each, or every
    /// thread for a frame alone.
    init(reads: [Result<Frame, Failure>], wanted: [Frame?], recognizer: EmotionRecognizer) {
      self.reads = reads
      let results = LockedValue<[Result<RecognizedFrame, RecognizerError>?]>(
        Array(repeating: nil, count: reads.count))
      self.results = results
      var shared = recognizer
      let count = wanted.lazy.compactMap { $0 }.count
      shared.threadsPerImage = count > 1 ? 1 : ProcessInfo.processInfo.activeProcessorCount
      for (slot, frame) in wanted.enumerated() {
        guard let frame else { continue }
        DispatchQueue.global().async(group: done) { [shared] in
          let result: Result<RecognizedFrame, RecognizerError>
          do throws(RecognizerError) {
            result = .success(try RecognitionRun.recognize(frame, with: shared))
          } catch {
            result = .failure(error)
          }
          results.withLock { $0[slot] = result }
        }
      }
    }

    /// The batch's items, once every wanted frame is recognised.
    func items() -> [Item] {
      done.wait()
      let recognized = results.withLock { $0 }
      return reads.indices.map { slot -> Item in
        switch reads[slot] {
        case .failure(let failure): return .failed(failure.message)
        case .success(let frame):
          switch recognized[slot] {
          case .success(let result)?: return .recognized(frame, result)
          case .failure(let error)?: return .failed("\(frame.source): \(error.description)")
          case nil: return .read(frame)
          }
        }
      }
    }
  }

  /// Finds the faces of one frame and names their emotions on the calling thread, timing the
  /// two steps: what every frame of a run goes through.
  public static func recognize(
    _ frame: Frame, with recognizer: EmotionRecognizer
  ) throws(RecognizerError) -> RecognizedFrame {
    let gray = frame.image.vectorizedGrayscale()
    let started = DispatchTime.now()
    let detections = try recognizer.faces(rgb: frame.image, gray: gray)
    let detected = DispatchTime.now()
    let faces = try recognizer.classify(gray: gray, faces: detections)
    let classified = DispatchTime.now()
    return RecognizedFrame(
      index: frame.index, time: frame.time ?? 0, name: frame.source, image: frame.image, faces: faces,
      detectionSeconds: seconds(from: started, to: detected),
      classificationSeconds: seconds(from: detected, to: classified))
  }

  private static func seconds(from start: DispatchTime, to end: DispatchTime) -> Double {
    Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  }

  /// A frame that could not be read.
  private struct Failure: Error {
    let message: String
  }
}
