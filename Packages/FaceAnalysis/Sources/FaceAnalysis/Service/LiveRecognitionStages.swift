import FaceAnalysisTracking
import Foundation
import Media
import System

// Unchecked: the source is used by one thread at a time (the reader's), as the protocol says;
// the recognizer and the tracker are reached under the lock.
/// A frame source and the recognizer, timed per frame.
///
/// Each frame is recognised as a ``RecognitionRun`` recognises it.
/// ``read()``, ``frame(at:)`` and ``close()`` touch the source from one thread at a time;
/// ``recognize(_:)`` only uses the recognizer, which is immutable, so it may run alongside.
/// ``useDetector(_:)`` loads another recognizer on its caller's thread and swaps it in under a
/// lock; each ``recognize(_:)`` takes the recognizer of the moment it starts. A video, camera or
/// graph's faces are followed as people by a ``FaceTracker``, fed by ``recognize(_:)`` in the
/// order the frames come: a face shows its person from the moment the track is confirmed.
final class LiveRecognitionStages: RecognitionStages, @unchecked Sendable {
  let summary: String
  let playback: Playback
  private let source: any FrameSource
  private let load: @Sendable (FaceDetectorKind) throws(RecognizerError) -> EmotionRecognizer
  private let live: LockedValue<Live>
  private let slides: [String]
  private let decoder = ImageDecoder()

  /// - Parameters:
  ///   - detector: the detector `recognizer` runs.
  ///   - load: the recognizer of another detector, for ``useDetector(_:)``.
  init(
    source: any FrameSource, detector: FaceDetectorKind, recognizer: EmotionRecognizer,
    load: @escaping @Sendable (FaceDetectorKind) throws(RecognizerError) -> EmotionRecognizer
  ) {
    self.source = source
    self.load = load
    live = LockedValue(
      Live(detector: detector, recognizer: recognizer, tracker: source.kind.isStream ? FaceTracker() : nil))
    summary = source.summary
    playback = source.playback
    slides = source.slidePaths
  }

  /// The recognizer that runs now, and the people of a stream (nil for pictures).
  private struct Live: Sendable {
    var detector: FaceDetectorKind
    var recognizer: EmotionRecognizer
    var tracker: FaceTracker?
  }

  var detector: FaceDetectorKind { live.withLock { $0.detector } }

  func useDetector(_ kind: FaceDetectorKind) throws {
    let recognizer = try load(kind)
    live.withLock {
      $0.detector = kind
      $0.recognizer = recognizer
    }
  }

  func read() throws -> Frame? { try source.next() }

  func frame(at index: Int) throws -> Frame {
    guard slides.indices.contains(index) else { throw RecognitionStagesError.noSlide(index: index) }
    do {
      return Frame(
        source: slides[index], index: index, time: nil,
        image: try decoder.decode(contentsOfFile: slides[index]))
    } catch {
      throw FrameSourceError.image(error)
    }
  }

  func recognize(_ frame: Frame) throws -> RecognizedFrame {
    var recognized = try RecognitionRun.recognize(frame, with: live.withLock { $0.recognizer })
    let tracks = live.withLock { $0.tracker?.update(at: recognized.time, faces: recognized.faces) }
    for (index, track) in (tracks ?? []).enumerated() { recognized.faces[index].track = track }
    return recognized
  }

  func close() { source.close() }
}
