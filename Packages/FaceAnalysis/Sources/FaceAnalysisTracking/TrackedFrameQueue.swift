import FaceAnalysisInterface

/// A ``FaceTracker`` that holds each frame back until every face in it has its final track,
/// then gives the frames back in order: the first frames of a person, seen while their track
/// was still tentative, get the id it is confirmed with and the label it has then. A face whose tentative track was
/// dropped, or a low-confidence face that continued no track, has none.
///
/// A frame waits at most until the tentative tracks seen in it are confirmed or dropped, about
/// ``TrackerConfiguration/confirmationTime``. Files use it (every record has its final ids);
/// a live view can use ``FaceTracker`` alone and show an id from the moment it is confirmed.
public struct TrackedFrameQueue<Frame> {
  /// A frame handed back, with each of its faces' tracks in order.
  public struct Released {
    /// The frame as it was added.
    public var frame: Frame
    /// The frame's time, as it was added.
    public var time: Double
    /// Each face's track, in the order the faces were added; nil for a face with none.
    public var tracks: [FaceTrack?]
  }

  /// A frame held back, with its faces' assignments as they stand.
  struct Waiting {
    var frame: Frame
    var time: Double
    var assignments: [FaceTracker.Step.Assignment]

    var isSettled: Bool {
      !assignments.contains { if case .tentative = $0 { true } else { false } }
    }
  }

  /// The tracker: its configuration and its tracks' summaries.
  public private(set) var tracker: FaceTracker
  private var waiting: [Waiting] = []

  /// A queue around a new tracker.
  public init(configuration: TrackerConfiguration = TrackerConfiguration()) {
    tracker = FaceTracker(configuration: configuration)
  }

  /// How many frames are held back.
  public var waitingCount: Int { waiting.count }

  /// Tracks the faces of `frame`, at `time` in seconds (as ``FaceTracker/update(at:faces:)``),
  /// and gives back, oldest first, the frames whose faces are all settled now.
  public mutating func add(
    _ frame: Frame, at time: Double, faces: [RecognizedFace], samples: [DeferredEmbedding?] = []
  ) -> [Released] {
    let step = tracker.step(at: time, faces: faces, samples: samples)
    for index in waiting.indices {
      for (slot, assignment) in waiting[index].assignments.enumerated() {
        guard case .tentative(let key, let scores) = assignment else { continue }
        if let confirmed = step.confirmed.first(where: { $0.key == key }) {
          waiting[index].assignments[slot] = .confirmed(
            FaceTrack(id: confirmed.id, emotion: confirmed.emotion, scores: scores))
        } else if step.dropped.contains(key) {
          waiting[index].assignments[slot] = .untracked
        }
      }
    }
    waiting.append(Waiting(frame: frame, time: time, assignments: step.assignments))
    return releaseSettled()
  }

  /// Tells the tracker that the next frame starts another shot (``FaceTracker/cut()``).
  public mutating func cut() {
    tracker.cut()
  }

  /// Takes in `frame`, which has no faces to track (read between every Nth frame, say), at
  /// `time`: the tracker is not told of it, and it waits behind the frames held before it.
  /// Gives back, oldest first, the frames whose faces are all settled now.
  public mutating func pass(_ frame: Frame, at time: Double) -> [Released] {
    waiting.append(Waiting(frame: frame, time: time, assignments: []))
    return releaseSettled()
  }

  private mutating func releaseSettled() -> [Released] {
    let settled = waiting.prefix { $0.isSettled }.count
    defer { waiting.removeFirst(settled) }
    return waiting.prefix(settled).map(Self.release)
  }

  /// Gives back every frame still held, at the end of the source: a face whose track is still
  /// tentative then has none.
  public mutating func finish() -> [Released] {
    defer { waiting = [] }
    return waiting.map(Self.release)
  }

  private static func release(_ waiting: Waiting) -> Released {
    Released(frame: waiting.frame, time: waiting.time, tracks: waiting.assignments.map(\.faceTrack))
  }
}

extension TrackedFrameQueue: Sendable where Frame: Sendable {}
extension TrackedFrameQueue.Released: Sendable where Frame: Sendable {}
extension TrackedFrameQueue.Waiting: Sendable where Frame: Sendable {}
extension TrackedFrameQueue.Released: Equatable where Frame: Equatable {}
