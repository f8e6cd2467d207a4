/// Counts of a recognition run, for the summary at its end: frames, faces, the share of
/// each emotion among the faces, and the mean recognition time per frame.
public struct RecognitionTally: Sendable, Equatable, CustomStringConvertible {
  /// Frames recognised.
  public private(set) var frames = 0
  /// Faces found in them.
  public private(set) var faces = 0
  /// How many faces had each emotion as their most likely one.
  public private(set) var topCounts: [Emotion: Int] = [:]
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
    for face in frame.faces { topCounts[face.emotion, default: 0] += 1 }
  }

  /// Each emotion that was some face's most likely one, with its share of the faces (0...1),
  /// most frequent first (model order among equals).
  public var shares: [(emotion: Emotion, share: Double)] {
    // In model order, then by count with model order among equals.
    var counted: [(emotion: Emotion, count: Int)] = []
    for emotion in Emotion.allCases {
      if let count = topCounts[emotion] { counted.append((emotion, count)) }
    }
    let total = Double(max(faces, 1))
    return counted.enumerated()
      .sorted {
        $0.element.count != $1.element.count ? $0.element.count > $1.element.count : $0.offset < $1.offset
      }
      .map { (emotion: $0.element.emotion, share: Double($0.element.count) / total) }
  }

  /// The mean recognition time per frame in milliseconds, or `nil` before the first frame.
  public var millisecondsPerFrame: Double? { frames > 0 ? seconds / Double(frames) * 1000 : nil }

  /// `12 frames, 10 faces, happy 60%, neutral 40%, 14 ms a frame` (and `, 3 dropped`).
  public var description: String {
    var parts = ["\(frames) frames", "\(faces) faces"]
    for share in shares {
      parts.append("\(share.emotion.rawValue) \(Int((share.share * 100).rounded()))%")
    }
    if let milliseconds = millisecondsPerFrame { parts.append("\(Int(milliseconds.rounded())) ms a frame") }
    if dropped > 0 { parts.append("\(dropped) dropped") }
    return parts.joined(separator: ", ")
  }
}
