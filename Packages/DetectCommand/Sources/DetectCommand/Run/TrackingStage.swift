import FaceAnalysis
import FaceAnalysisTracking
import Media

/// One stream's faces given their tracks, the frames handed on in their order through one
/// ``TrackedFrameQueue``: a recognised frame waits until its faces' tracks are settled (so a
/// person's first frames get their id), and a frame read but not recognised waits behind it.
///
/// With an embedder, the faces the tracker asks about are given their embeddings, computed here,
/// in the frames' order, where the tracker reads them (a person who comes back, a face where a
/// lost one was), and a cut to another shot is told to the tracker (``ShotCutDetector``), so that
/// people are known again there by their faces alone. The embeddings only feed the tracker (the
/// records have them with `--embeddings` alone).
struct TrackingStage {
  private var queue = TrackedFrameQueue<DetectedFrame>()
  private var cuts = ShotCutDetector()
  private let embedder: LazyFaceEmbedder?
  private let threads: Int
  /// The threads an embedding runs on: one, since the run's other thread is recognising the
  /// next frames meanwhile.
  static let embeddingThreads = 1

  /// A stage that knows people again by their faces with `embedder` run on `threads` threads, or
  /// by motion alone without one (`--no-reid`).
  init(embedder: LazyFaceEmbedder?, threads: Int) {
    self.embedder = embedder
    self.threads = threads
  }

  /// The people followed so far, one summary each, in id order.
  var summaries: [TrackSummary] { queue.tracker.summaries }

  /// Takes in the next frame, at its ``Media/Frame/timestamp``, and gives back those whose turn
  /// has come, in order, each face with its track.
  mutating func add(_ detected: DetectedFrame) -> [DetectedFrame] {
    let time = detected.frame.timestamp
    guard let faces = detected.faces else { return Self.tracked(queue.pass(detected, at: time)) }
    if embedder != nil, cuts.isCut(detected.frame.image, faces: faces.map(\.box)) { queue.cut() }
    let samples =
      embedder?.samplesForTracking(
        faces, of: detected.frame.image, by: queue.tracker, at: time, threads: threads)
      ?? []
    return Self.tracked(queue.add(detected, at: time, faces: faces, samples: samples))
  }

  /// Gives back every frame still waiting, at the end of the stream.
  mutating func finish() -> [DetectedFrame] {
    Self.tracked(queue.finish())
  }

  /// The people of a video a killed run finished, from its records: each face's track id and
  /// steady emotion, its own scores and its frame's time, added up in frame order as the run's
  /// tracker added them, so `--summary` says what the run would have.
  static func people(of recorded: [RecordedFrame]) -> [TrackSummary] {
    var people: [Int: TrackSummary] = [:]
    for frame in recorded {
      for face in frame.faces {
        guard let track = face.track else { continue }
        if people[track.id] == nil {
          people[track.id] = TrackSummary(
            id: track.id, time: frame.time, scores: face.scores, label: track.emotion)
        } else {
          people[track.id]?.add(time: frame.time, scores: face.scores, label: track.emotion)
        }
      }
    }
    return people.values.sorted { $0.id < $1.id }
  }

  private static func tracked(_ released: [TrackedFrameQueue<DetectedFrame>.Released]) -> [DetectedFrame] {
    released.map { item in
      var detected = item.frame
      for (face, track) in item.tracks.enumerated() { detected.faces?[face].track = track }
      return detected
    }
  }
}
