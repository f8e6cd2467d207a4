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
/// order the frames come, each at its own time (``Media/Frame/time``, never the clock of the
/// screen, which may drop frames): a face shows its person from the moment the track is
/// confirmed. With an embedder, the faces the tracker asks about are given their embeddings
/// (``LazyFaceEmbedder/samplesForTracking(_:of:by:at:threads:)``, computed where the tracker reads
/// them), so a person who comes back takes their id again; without one, the summary says people
/// are followed by motion alone.
final class LiveRecognitionStages: RecognitionStages, @unchecked Sendable {
  let summary: String
  let playback: Playback
  private let source: any FrameSource
  private let load: @Sendable (FaceDetectorKind) throws(RecognizerError) -> EmotionRecognizer
  /// What knows a stream's people by their faces; nil for pictures, or motion alone.
  private let embedder: LazyFaceEmbedder?
  private let live: LockedValue<Live>
  private let slides: [String]
  private let decoder = ImageDecoder()

  /// - Parameters:
  ///   - detector: the detector `recognizer` runs.
  ///   - embedder: the embeddings a stream's tracker asks for; nil to follow people by motion alone.
  ///   - load: the recognizer of another detector, for ``useDetector(_:)``.
  init(
    source: any FrameSource, detector: FaceDetectorKind, recognizer: EmotionRecognizer,
    embedder: FaceEmbedder? = nil,
    load: @escaping @Sendable (FaceDetectorKind) throws(RecognizerError) -> EmotionRecognizer
  ) {
    self.source = source
    self.load = load
    let isStream = source.kind.isStream
    self.embedder = isStream ? embedder.map(LazyFaceEmbedder.init) : nil
    live = LockedValue(
      Live(detector: detector, recognizer: recognizer, tracker: isStream ? FaceTracker() : nil))
    summary = isStream && embedder == nil ? source.summary + Self.motionAlone : source.summary
    playback = source.playback
    slides = source.slidePaths
  }

  /// What a stream's summary adds when people cannot be known by their faces.
  static let motionAlone = " · people by motion alone (SFace not loaded)"

  /// The recognizer that runs now, and the people of a stream (nil for pictures).
  private struct Live: Sendable {
    var detector: FaceDetectorKind
    var recognizer: EmotionRecognizer
    var tracker: FaceTracker?
    /// Tells the tracker of cuts to another shot, when people are known by their faces.
    var cuts = ShotCutDetector()
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
    let tracks = live.withLock { live in track(recognized, in: &live) }
    // The faces shown get their person; the embeddings stay with the tracker.
    for (index, track) in (tracks ?? []).enumerated() { recognized.faces[index].track = track }
    return recognized
  }

  /// The tracks of `frame`'s faces, the tracker given the embeddings it asks about; nil for
  /// pictures. Run under the lock, so frames reach the tracker whole and in the order they come.
  private func track(_ frame: RecognizedFrame, in live: inout Live) -> [FaceTrack?]? {
    guard live.tracker != nil else { return nil }
    if embedder != nil, live.cuts.isCut(frame.image, faces: frame.faces.map(\.box)) { live.tracker?.cut() }
    guard let tracker = live.tracker else { return nil }
    let samples =
      embedder?.samplesForTracking(
        frame.faces, of: frame.image, by: tracker, at: frame.time, threads: live.recognizer.threadsPerImage)
      ?? []
    return live.tracker?.update(at: frame.time, faces: frame.faces, samples: samples)
  }

  func close() { source.close() }
}
