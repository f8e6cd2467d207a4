/// Counts of a recognition run, for the summary at its end: frames, faces, the share of
/// each emotion among the faces, and the mean recognition time per frame.
public struct RecognitionTally: Sendable, Equatable {
  /// Frames recognised.
  public private(set) var frames = 0
  /// Faces found in them.
  public private(set) var faces = 0
  /// How many faces had each label (by model index) as their top emotion.
  public private(set) var topCounts: [Int: Int] = [:]
  /// Seconds spent detecting and classifying, over all frames.
  public private(set) var seconds = 0.0
  /// Frames dropped because recognition or drawing fell behind the source.
  public var dropped = 0

  /// An empty tally.
  public init() {}

  /// Counts one recognised frame.
  public mutating func add(_ frame: RecognizedFrame) {
    frames += 1
    faces += frame.faces.count
    seconds += frame.detectionSeconds + frame.classificationSeconds
    for face in frame.faces { topCounts[face.topIndex, default: 0] += 1 }
  }

  /// Each label that was some face's top emotion, with its share of the faces (0...1), most
  /// frequent first (model order among equals).
  public func shares(labels: [String]) -> [(label: String, share: Double)] {
    topCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .filter { labels.indices.contains($0.key) }
      .map { (labels[$0.key], Double($0.value) / Double(max(faces, 1))) }
  }

  /// The mean recognition time per frame in milliseconds, or `nil` before the first frame.
  public var millisecondsPerFrame: Double? { frames > 0 ? seconds / Double(frames) * 1000 : nil }

  /// `12 frames, 10 faces, happy 60%, neutral 40%, 14 ms a frame` (and `, 3 dropped`).
  public func description(labels: [String]) -> String {
    var parts = ["\(frames) frames", "\(faces) faces"]
    for share in shares(labels: labels) {
      parts.append("\(share.label) \(Int((share.share * 100).rounded()))%")
    }
    if let milliseconds = millisecondsPerFrame { parts.append("\(Int(milliseconds.rounded())) ms a frame") }
    if dropped > 0 { parts.append("\(dropped) dropped") }
    return parts.joined(separator: ", ")
  }
}
