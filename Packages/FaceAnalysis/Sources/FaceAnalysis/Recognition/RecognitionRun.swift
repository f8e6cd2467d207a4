import Dispatch
import Foundation

/// One ordered run of recognised frames over a source: `detect`'s loop, and the frame step of
/// the live pipeline (which takes one frame at a time, so that a detector switch holds from
/// the next frame on).
///
/// ``nextBatch()`` reads a few frames ahead, recognises them on all cores together (each frame
/// on one thread; a frame alone gets every thread), and hands them back in the source's order.
/// A frame that cannot be read or recognised is an item of its own: a folder or a list goes on
/// with its next file, any other source ends there.
///
/// ```swift
/// var run = RecognitionRun(source: try FrameSources.open(located), recognizer: recognizer)
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
    /// How many frames are read ahead and recognised at once: two per core by default, so that
    /// a core that finishes early finds another frame.
    public var framesInFlight = 2 * ProcessInfo.processInfo.activeProcessorCount
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

  /// A run over an open source; the caller closes the source.
  public init(source: any FrameSource, recognizer: EmotionRecognizer, options: Options = Options()) {
    self.source = source
    self.recognizer = recognizer
    var options = options
    options.every = max(1, options.every)
    options.framesInFlight = max(1, options.framesInFlight)
    self.options = options
  }

  /// The next frames, recognised, in order; nil once the source has ended.
  public mutating func nextBatch() -> [Item]? {
    guard !ended else { return nil }
    var batch: [Result<Frame, Failure>] = []
    while batch.count < options.framesInFlight {
      do throws(FrameSourceError) {
        guard let frame = try source.next() else {
          ended = true
          break
        }
        batch.append(.success(frame))
      } catch {
        batch.append(.failure(Failure(message: error.description)))
        if source.kind == .folder || source.kind == .list { continue }
        ended = true
        break
      }
    }
    guard !batch.isEmpty else { return nil }
    let options = self.options
    let isWanted = batch.map { read in
      guard case .success(let frame) = read else { return false }
      return frame.index % options.every == 0 && !options.passesOver(frame)
    }
    let wanted = zip(batch, isWanted).compactMap { read, isWanted in isWanted ? try? read.get() : nil }
    var recognized = Self.recognize(wanted, with: recognizer)[...]
    return zip(batch, isWanted).map { read, isWanted -> Item in
      switch read {
      case .failure(let failure): return .failed(failure.message)
      case .success(let frame) where !isWanted: return .read(frame)
      case .success(let frame):
        switch recognized.popFirst() {
        case .success(let result): return .recognized(frame, result)
        case .failure(let error): return .failed("\(frame.source): \(error.description)")
        case nil: return .read(frame)
        }
      }
    }
  }

  /// Recognises `frames` at once, in their order: on all cores, one thread each, or every
  /// thread for a frame alone. The step of each batch.
  static func recognize(
    _ frames: [Frame], with recognizer: EmotionRecognizer
  ) -> [Result<RecognizedFrame, RecognizerError>] {
    var shared = recognizer
    shared.threadsPerImage = frames.count > 1 ? 1 : ProcessInfo.processInfo.activeProcessorCount
    let recognize = { @Sendable [shared] (frame: Frame) -> Result<RecognizedFrame, RecognizerError> in
      do throws(RecognizerError) { return .success(try Self.recognize(frame, with: shared)) } catch {
        return .failure(error)
      }
    }
    return frames.count > 1 ? frames.concurrentMap(recognize) : frames.map(recognize)
  }

  /// Finds the faces of one frame and names their emotions on the calling thread, timing the
  /// two steps: what every frame of a run goes through.
  public static func recognize(
    _ frame: Frame, with recognizer: EmotionRecognizer
  ) throws(RecognizerError) -> RecognizedFrame {
    let gray = frame.image.grayscale()
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
