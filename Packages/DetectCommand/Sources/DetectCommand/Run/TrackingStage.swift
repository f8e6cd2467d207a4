import FaceAnalysis
import FaceAnalysisTracking
import Media

/// One stream's faces given their tracks, the frames handed on in their order: a recognised
/// frame waits in the tracker's queue until its faces' tracks are settled (so a person's first
/// frames get their id), and a frame read but not recognised (drawn between every Nth) waits
/// behind it.
struct TrackingStage {
  /// A frame handed on, with its faces (tracked) when it was recognised.
  typealias Item = (frame: Frame, faces: [RecognizedFace]?)

  private var queue = TrackedFrameQueue<Int>()
  private var waiting: [(number: Int, item: Item, settled: Bool)] = []
  private var added = 0

  /// The people followed so far, one summary each, in id order.
  var summaries: [TrackSummary] { queue.tracker.summaries }

  /// Takes in the next frame and gives back those whose turn has come, in order.
  mutating func add(_ frame: Frame, faces: [RecognizedFace]?) -> [Item] {
    let number = added
    added += 1
    guard let faces else {
      waiting.append((number, (frame, nil), true))
      return released()
    }
    waiting.append((number, (frame, faces), false))
    settle(queue.add(number, at: frame.time ?? Double(frame.index), faces: faces))
    return released()
  }

  /// Gives back every frame still waiting, at the end of the stream.
  mutating func finish() -> [Item] {
    settle(queue.finish())
    return released()
  }

  private mutating func settle(_ frames: [TrackedFrameQueue<Int>.Released]) {
    for frame in frames {
      guard let index = waiting.firstIndex(where: { $0.number == frame.frame }) else { continue }
      waiting[index].settled = true
      for (face, track) in frame.tracks.enumerated() {
        waiting[index].item.faces?[face].track = track
      }
    }
  }

  private mutating func released() -> [Item] {
    let count = waiting.prefix { $0.settled }.count
    defer { waiting.removeFirst(count) }
    return waiting.prefix(count).map(\.item)
  }
}
