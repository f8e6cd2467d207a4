import Dispatch
import Foundation
import Media
import System

/// One ordered run of recognised frames over a source: `detect`'s loop. (The live pipeline
/// recognises each frame with ``recognize(_:with:)``, so that a detector switch holds from the
/// next frame on.)
///
/// ``nextBatch()`` hands back the frames recognised so far, in the source's order. The caller's
/// thread reads frames ahead and recognises one itself whenever it would otherwise wait; one
/// helper thread a further core recognises the others as soon as they are read. So decoding
/// overlaps recognition, no core waits for a batch, and no more threads run than there are
/// cores (a third would take the reader's turns, and the reader is the one stage that cannot
/// be split).
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
    /// How many frames are recognised at once, one thread each (the caller's and the helpers'):
    /// one per core by default. Twice as many are held, read ahead, so that a thread that
    /// finishes early finds a frame waiting. With 1, the caller reads and recognises each frame
    /// in turn, with every core.
    public var framesPerBatch = ProcessInfo.processInfo.activeProcessorCount
    /// Frames handed back read only, such as those a resumed run recorded before.
    public var passesOver: @Sendable (Frame) -> Bool = { _ in false }

    /// The defaults: every frame recognised, one per core at once.
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
  /// How many frames are read ahead of the caller at most.
  private let window: Int
  private var ended = false
  /// The frames read and not yet handed back, oldest first.
  private var pending: [Slot] = []
  /// The helpers and the frames no thread has started on; dropped with the run.
  private let crew: Crew
  private var backlog: Backlog { crew.backlog }
  private var helpers: [DispatchQueue] { crew.helpers }
  private var nextHelper = 0

  /// A run over an open source; the caller closes the source.
  public init(source: any FrameSource, recognizer: EmotionRecognizer, options: Options = Options()) {
    self.source = source
    var options = options
    options.every = max(1, options.every)
    options.framesPerBatch = max(1, options.framesPerBatch)
    self.options = options
    self.window = options.framesPerBatch == 1 ? 1 : 2 * options.framesPerBatch
    self.crew = Crew(helpers: options.framesPerBatch - 1)
    // A frame that shares the cores with others is recognised on one thread; a lone photo or
    // a run of one frame at a time gets them all.
    var recognizer = recognizer
    recognizer.threadsPerImage =
      options.framesPerBatch > 1 && source.kind != .image ? 1 : ProcessInfo.processInfo.activeProcessorCount
    self.recognizer = recognizer
  }

  /// The frames recognised so far, in order, at least one; nil once the source has ended.
  public mutating func nextBatch() -> [Item]? {
    readAhead()
    guard let first = pending.first else { return nil }
    while !first.isDone, backlog.recognizeOldest() {}
    first.wait()
    let ready = pending.prefix { $0.isDone }
    pending.removeFirst(ready.count)
    return ready.map { $0.item() }
  }

  /// Reads until the window is full or the source has ended, starting each wanted frame's
  /// recognition as soon as it is read.
  private mutating func readAhead() {
    while !ended, pending.count < window {
      do throws(FrameSourceError) {
        guard let frame = try source.next() else {
          ended = true
          return
        }
        let wanted = frame.index % options.every == 0 && !options.passesOver(frame)
        let slot = Slot(frame: frame, recognizer: wanted ? recognizer : nil)
        pending.append(slot)
        if wanted {
          backlog.add(slot)
          if !helpers.isEmpty {
            let backlog = self.backlog
            helpers[nextHelper].async { _ = backlog.recognizeOldest() }
            nextHelper = (nextHelper + 1) % helpers.count
          }
        }
      } catch {
        pending.append(Slot(failure: error.description))
        if source.kind != .folder, source.kind != .list { ended = true }
      }
    }
  }

  /// One frame read ahead: its read, and its recognition, waiting, under way or done.
  private final class Slot: Sendable {
    private let read: Result<Frame, Failure>
    private let recognition: LockedValue<Recognition>
    private let done = DispatchGroup()

    /// Where a frame's recognition stands.
    private enum Recognition {
      case none
      case waiting(EmotionRecognizer)
      case running
      case finished(Result<RecognizedFrame, RecognizerError>)
    }

    /// A frame read, to be recognised by ``recognize()`` when a recognizer is given.
    init(frame: Frame, recognizer: EmotionRecognizer?) {
      read = .success(frame)
      recognition = LockedValue(recognizer.map { .waiting($0) } ?? .none)
      if recognizer != nil { done.enter() }
    }

    /// A frame that could not be read.
    init(failure message: String) {
      read = .failure(Failure(message: message))
      recognition = LockedValue(.none)
    }

    /// Recognises the frame on the calling thread, once: a second call does nothing.
    func recognize() {
      let started = recognition.withLock { state -> EmotionRecognizer? in
        guard case .waiting(let recognizer) = state else { return nil }
        state = .running
        return recognizer
      }
      guard let recognizer = started, case .success(let frame) = read else { return }
      let result: Result<RecognizedFrame, RecognizerError>
      do throws(RecognizerError) {
        result = .success(try RecognitionRun.recognize(frame, with: recognizer))
      } catch {
        result = .failure(error)
      }
      recognition.withLock { $0 = .finished(result) }
      done.leave()
    }

    /// Whether its recognition has ended (or it had none).
    var isDone: Bool { done.wait(timeout: .now()) == .success }

    /// Waits for its recognition to end.
    func wait() { done.wait() }

    /// What it is once done.
    func item() -> Item {
      switch read {
      case .failure(let failure): return .failed(failure.message)
      case .success(let frame):
        switch recognition.withLock({ $0 }) {
        case .finished(.success(let recognized)): return .recognized(frame, recognized)
        case .finished(.failure(let error)): return .failed("\(frame.source): \(error.description)")
        case .none, .waiting, .running: return .read(frame)
        }
      }
    }
  }

  /// The wanted frames no thread has started on: the caller and the helpers each take the
  /// oldest.
  private final class Backlog: Sendable {
    private let slots = LockedValue<[Slot]>([])

    /// Queues a frame to be recognised.
    func add(_ slot: Slot) { slots.withLock { $0.append(slot) } }

    /// Recognises the oldest waiting frame on the calling thread; false when none waits.
    func recognizeOldest() -> Bool {
      guard let slot = slots.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return false }
      slot.recognize()
      return true
    }

    /// Drops the frames no thread has started on.
    func removeAll() { slots.withLock { $0.removeAll() } }
  }

  /// The run's helpers, one serial queue each, and its backlog. The helpers' jobs hold the
  /// backlog alone, so this goes with the run: it empties the backlog, so a caller that stops
  /// early leaves no frame queued, and waits for the frames the helpers already started, so no
  /// recognition outlives the run (a process that exits next would free OpenBLAS's buffers
  /// under a helper still inside a product).
  private final class Crew {
    let backlog = Backlog()
    let helpers: [DispatchQueue]

    init(helpers count: Int) {
      helpers = (0..<count).map { DispatchQueue(label: "emotions.recognition.helper\($0 + 1)") }
    }

    deinit {
      backlog.removeAll()
      for helper in helpers { helper.sync {} }
    }
  }

  /// Finds the faces of one frame and names their emotions on the calling thread, timing the
  /// two steps: what every frame of a run goes through.
  public static func recognize(
    _ frame: Frame, with recognizer: EmotionRecognizer
  ) throws(RecognizerError) -> RecognizedFrame {
    let picture = FacePicture(rgb: frame.image)
    let started = DispatchTime.now()
    let detections = try recognizer.faces(in: picture)
    let detected = DispatchTime.now()
    let faces = try recognizer.classify(picture, faces: detections)
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
